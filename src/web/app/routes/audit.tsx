import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuditFilterSchema, type AuditFilter } from '../../../contract/audit.js';
import { DownloadButton } from '../../components/download-button.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { RealTimeNote } from '../../components/real-time-note.js';
import { serverPage } from '../../components/server-table.js';
import { useMay, useSession } from '../../features/auth/api/get-session.js';
import { auditQueryString, useAudit } from '../../features/audit/api/get-audit.js';
import { AuditFilters } from '../../features/audit/components/audit-filters.js';
import { AuditTable } from '../../features/audit/components/audit-table.js';
import { VerifyPanel } from '../../features/audit/components/verify-panel.js';
import { useLang } from '../../lib/i18n.js';
import { useUrlParams } from '../../lib/use-url-params.js';

const FILTER_KEYS = Object.keys(AuditFilterSchema.shape) as (keyof AuditFilter)[];

/** The filters in the URL, each as typed, and those the server would accept (a half-typed id is not sent). */
function readFilters(params: URLSearchParams): { typed: AuditFilter; valid: AuditFilter } {
  const typed: Record<string, string> = {};
  const valid: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const v = params.get(key);
    if (!v) continue;
    typed[key] = v;
    if (AuditFilterSchema.shape[key].safeParse(v).success) valid[key] = v;
  }
  return { typed: typed as AuditFilter, valid: valid as AuditFilter };
}

/** Managers: the audit trail, filtered and paged by the server, its CSV with the same filters, the integrity check. */
export default function AuditRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const manager = useMay()('audit.read');
  // the trail keeps the real time; in sandbox mode every other date follows the sandbox's clock
  const sandbox = session.data?.mode === 'sandbox';
  const { params, page, pageSize, update } = useUrlParams();
  const { typed, valid } = readFilters(params);
  const audit = useAudit({ ...valid, page, pageSize }, manager);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('audit.title')}
      </Typography>
      {!manager ? (
        <Alert severity="info">{t('audit.forbidden')}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('audit.intro')}</Typography>
          <RealTimeNote show={sandbox} />
          <VerifyPanel />
          <AuditFilters filter={typed} onChange={update} />
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <DownloadButton href={`/api/exports/audit.csv?${auditQueryString({ ...valid, lang })}`} label={t('audit.export')} />
            {/* a polite live region, as the work queue's count: filtering says how many entries are left */}
            <Typography color="text.secondary" role="status">
              {audit.data ? t('audit.total', { count: audit.data.total }) : ''}
            </Typography>
          </Stack>
          {audit.isError ? <ErrorAlert error={audit.error} onRetry={() => void audit.refetch()} /> : null}
          <AuditTable
            realTime={sandbox}
            list={serverPage(audit, {
              page,
              pageSize,
              onPage: (p, size) => update({ page: p > 1 ? String(p) : null, pageSize: size === 20 ? null : String(size) }),
            })}
          />
        </>
      )}
    </Stack>
  );
}
