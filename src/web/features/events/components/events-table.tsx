import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CLAIM_STATUSES, PROJECT_STATUSES, labelOf, type Lang } from '../../../../contract/enums.js';
import type { PartnerEvent } from '../../../../contract/session.js';
import { formatDateTime, formatMonth } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';

/** The tenant a project or claim is about, when the page knows it (else the line says "the project"). */
export type NameOf = (kind: 'project' | 'claim', id: string) => string | null;

const KINDS = ['receipt', 'rental_debt', 'claim', 'project', 'security'] as const;
/** What an event is about, in the UI language: the partner's code (rental_debt.updated) stays out of the table. */
export function kindOf(type: string): (typeof KINDS)[number] | 'other' {
  if (type.startsWith('rental_debt.receipt.')) return 'receipt';
  return KINDS.find((k) => type.startsWith(`${k}.`)) ?? 'other';
}

/** The page an event links to: its claim's, else its project's. */
export function target(e: PartnerEvent): { to: string; kind: 'claim' | 'project'; id: string } | null {
  if (typeof e.data.claimId === 'string') return { to: `/claims/${e.data.claimId}`, kind: 'claim', id: e.data.claimId };
  if (typeof e.data.projectId === 'string') return { to: `/projects/${e.data.projectId}`, kind: 'project', id: e.data.projectId };
  return null;
}

/** The event's sentence and what it changed: the new status, the month, a document uploaded. */
export function describe(e: PartnerEvent, t: TFunction, lang: Lang): string {
  const what = t(`events.types.${e.type.replaceAll('.', '_')}`, { defaultValue: e.type, ...e.data });
  const { status, rentDueDate, documentAdded } = e.data;
  const known = (list: typeof CLAIM_STATUSES | typeof PROJECT_STATUSES, code: unknown) =>
    typeof code === 'number' && list.some((s) => s.code === code) ? labelOf(list, code, lang) : null;
  const detail =
    typeof documentAdded === 'string'
      ? t('events.documentAdded')
      : typeof rentDueDate === 'string'
        ? formatMonth(rentDueDate, lang)
        : e.type.startsWith('project.')
          ? known(PROJECT_STATUSES, status)
          : e.type.startsWith('claim.')
            ? known(CLAIM_STATUSES, status)
            : null;
  return detail ? t('events.detail', { what, detail }) : what;
}

export function EventsTable({ events, nameOf = () => null }: { events: PartnerEvent[]; nameOf?: NameOf }) {
  const { t } = useTranslation();
  const lang = useLang();
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
          const name = link ? nameOf(link.kind, link.id) : null;
          return (
            <TableRow key={e.id}>
              <TableCell>{formatDateTime(e.createdAt, lang)}</TableCell>
              {/* the partner's code (as quoted to support) is kept as the cell's title */}
              <TableCell>{t(`events.kinds.${kindOf(e.type)}`)}</TableCell>
              <TableCell>{describe(e, t, lang)}</TableCell>
              <TableCell>
                {link ? (
                  <Link component={RouterLink} to={link.to}>
                    {name ? t(link.kind === 'claim' ? 'events.claimOf' : 'events.projectOf', { name }) : t(`events.${link.kind}`)}
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
