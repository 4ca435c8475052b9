import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AUDIT_PENDING, AUDIT_PENDING_LABEL, ROLE_LABELS, type AuditRecord } from '../../../../contract/audit.js';
import { labelIn, type Lang } from '../../../../contract/enums.js';
import { ServerTable, type ServerColumn, type ServerPage } from '../../../components/server-table.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { detailsInWords, refusal, whatWasDone } from './sentence.js';

const who = (r: AuditRecord, t: TFunction, lang: Lang) =>
  `${r.actorName ?? r.actorId ?? t('audit.unknownPerson')}${r.actorRole ? ` (${labelIn(ROLE_LABELS[r.actorRole], lang)})` : ''}`;

/** The file a record concerns, named by its tenant (the short id when the files do not hold it). */
function Concerns({ r }: { r: AuditRecord }) {
  const { t } = useTranslation();
  const name = (id: string) => r.tenant ?? id.slice(0, 8);
  return (
    <Stack spacing={0.25}>
      {r.claimId ? (
        <Link component={RouterLink} to={`/claims/${r.claimId}`}>
          {t('audit.claimOf', { name: name(r.claimId) })}
        </Link>
      ) : r.projectId ? (
        <Link component={RouterLink} to={`/projects/${r.projectId}`}>
          {t('audit.projectOf', { name: name(r.projectId) })}
        </Link>
      ) : null}
    </Stack>
  );
}

/** Done, refused with what the refusal meant, or sent with its outcome unknown, in the reader's words. */
function Result({ r }: { r: AuditRecord }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (r.result === 'success') return <Chip size="small" color="success" variant="outlined" label={t('audit.success')} />;
  if (r.result === AUDIT_PENDING)
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Chip size="small" color="warning" variant="outlined" label={t('audit.pending')} />
        <Typography variant="body2" color="text.secondary">
          {labelIn(AUDIT_PENDING_LABEL, lang)}
        </Typography>
      </Stack>
    );
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color="error" variant="outlined" label={t('audit.refused')} />
      <Typography variant="body2" color="text.secondary">
        {refusal(r.result, lang)}
      </Typography>
    </Stack>
  );
}

const Details = ({ r }: { r: AuditRecord }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return <>{detailsInWords(r, t, lang).join(' · ')}</>;
};

/** The trail's page: one line per record (a card per record on a phone). */
export function AuditTable({ list }: { list: ServerPage<AuditRecord> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const columns: ServerColumn<AuditRecord>[] = phone
    ? [
        {
          id: 'card',
          header: t('audit.columns.what'),
          cell: (r) => (
            <Stack spacing={0.5}>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(r.at, lang)} · {who(r, t, lang)}
              </Typography>
              <Typography>{whatWasDone(r, t, lang)}</Typography>
              <Concerns r={r} />
              <Typography variant="body2" color="text.secondary">
                <Details r={r} />
              </Typography>
              <Result r={r} />
            </Stack>
          ),
        },
      ]
    : [
        { id: 'when', header: t('audit.columns.when'), width: '15%', cell: (r) => formatDateTime(r.at, lang) },
        { id: 'who', header: t('audit.columns.who'), width: '17%', cell: (r) => who(r, t, lang) },
        { id: 'what', header: t('audit.columns.what'), width: '23%', cell: (r) => whatWasDone(r, t, lang) },
        { id: 'on', header: t('audit.columns.on'), width: '14%', cell: (r) => <Concerns r={r} /> },
        { id: 'details', header: t('audit.columns.details'), width: '17%', cell: (r) => <Details r={r} /> },
        { id: 'result', header: t('audit.columns.result'), width: '14%', cell: (r) => <Result r={r} /> },
      ];
  return (
    <ServerTable
      label={t('audit.title')}
      columns={columns}
      list={list}
      rowKey={(r) => String(r.seq)}
      rowHeight={phone ? 160 : 56}
      empty={<Typography color="text.secondary">{t('audit.empty')}</Typography>}
    />
  );
}
