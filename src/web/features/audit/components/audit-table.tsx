import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AUDIT_WORDS, detailsInWords, refusal, whatWasDone, whoDidIt } from '../../../../contract/audit-words.js';
import { AUDIT_PENDING, AUDIT_PENDING_LABEL, type AuditRecord } from '../../../../contract/audit.js';
import { labelIn } from '../../../../contract/enums.js';
import { ServerTable, type ServerColumn, type ServerPage } from '../../../components/server-table.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';

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
  const lang = useLang();
  if (r.result === 'success') return <Chip size="small" color="success" variant="outlined" label={AUDIT_WORDS[lang].success} />;
  if (r.result === AUDIT_PENDING)
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Chip size="small" color="warning" variant="outlined" label={AUDIT_WORDS[lang].pending} />
        <Typography variant="body2" color="text.secondary">
          {labelIn(AUDIT_PENDING_LABEL, lang)}
        </Typography>
      </Stack>
    );
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color="error" variant="outlined" label={AUDIT_WORDS[lang].refused} />
      <Typography variant="body2" color="text.secondary">
        {refusal(r.result, lang)}
      </Typography>
    </Stack>
  );
}

const Details = ({ r }: { r: AuditRecord }) => <>{detailsInWords(r, useLang()).join(' · ')}</>;

/** The trail's page: one line per record (a card per record on a phone); `realTime`: its dates said to be the real ones (sandbox mode). */
export function AuditTable({ list, realTime = false }: { list: ServerPage<AuditRecord>; realTime?: boolean }) {
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
                {formatDateTime(r.at, lang)} · {whoDidIt(r, lang)}
              </Typography>
              <Typography>{whatWasDone(r, lang)}</Typography>
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
        {
          id: 'when',
          header: t(realTime ? 'audit.columns.whenReal' : 'audit.columns.when'),
          width: '15%',
          cell: (r) => formatDateTime(r.at, lang),
        },
        { id: 'who', header: t('audit.columns.who'), width: '17%', cell: (r) => whoDidIt(r, lang) },
        { id: 'what', header: t('audit.columns.what'), width: '23%', cell: (r) => whatWasDone(r, lang) },
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
