import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PartnerEvent } from '../../../../contract/session.js';
import { formatDateTime } from '../../../lib/dates.js';
import { currentLang } from '../../../lib/i18n.js';

function target(e: PartnerEvent): { to: string; label: 'claim' | 'project' } | null {
  if (typeof e.data.claimId === 'string') return { to: `/claims/${e.data.claimId}`, label: 'claim' };
  if (typeof e.data.projectId === 'string') return { to: `/projects/${e.data.projectId}`, label: 'project' };
  return null;
}

export function EventsTable({ events }: { events: PartnerEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0) return <Typography color="text.secondary">{t('events.empty')}</Typography>;
  return (
    <Table size="small" aria-label={t('events.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('events.time')}</TableCell>
          <TableCell>{t('events.type')}</TableCell>
          <TableCell>{t('events.what')}</TableCell>
          <TableCell>{t('events.open')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((e) => {
          const link = target(e);
          return (
            <TableRow key={e.id}>
              <TableCell>{formatDateTime(e.createdAt, currentLang())}</TableCell>
              <TableCell>
                {/* the partner's own name of the event, an identifier (as quoted to support), not a sentence */}
                <Box component="code" translate="no" sx={{ fontSize: '0.8rem', wordBreak: 'break-all' }}>
                  {e.type}
                </Box>
              </TableCell>
              <TableCell>{t(`events.types.${e.type.replaceAll('.', '_')}`, { defaultValue: e.type, ...e.data })}</TableCell>
              <TableCell>
                {link ? (
                  <Link component={RouterLink} to={link.to}>
                    {t(`events.${link.label}`)}
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
