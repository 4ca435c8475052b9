import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatLongDate } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { useVerifyAudit } from '../api/verify-audit.js';

/** The managers' button that checks the chain of hashes and says whether it holds, or where it breaks. */
export function VerifyPanel() {
  const { t } = useTranslation();
  const lang = useLang();
  const check = useVerifyAudit();
  const r = check.data;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" onClick={() => void check.refetch()} disabled={check.isFetching}>
        {check.isFetching ? t('audit.verifying') : t('audit.verify')}
      </Button>
      {check.isError ? <ErrorAlert error={check.error} onRetry={() => void check.refetch()} /> : null}
      {r && !check.isFetching ? (
        <Alert severity={r.intact ? 'success' : 'error'} role="status">
          {r.intact
            ? r.firstSeq === null
              ? t('audit.intactEmpty')
              : t('audit.intact', { count: r.checked, first: r.firstSeq })
            : t('audit.broken', { seq: r.breakAt?.seq ?? '?', reason: t(`audit.reasons.${r.breakAt?.reason ?? 'hash'}`) })}
          {r.retainedFrom ? ` ${t('audit.retained', { date: formatLongDate(r.retainedFrom, lang) })}` : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
