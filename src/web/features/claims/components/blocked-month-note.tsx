import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';

const PARTS = ['meaning', 'who', 'later', 'guarantor', 'agency'] as const;

/**
 * A month blocked for a late declaration, said in words on the month: what the status means, who
 * acts now (the service's case handler), what happens to the later months and the guarantor's
 * payment, what the agency can do; in sandbox mode, the back office's unblock step.
 */
export function BlockedMonthNote({ rentDueDate, onUnblock }: { rentDueDate: string; onUnblock?: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const month = formatMonth(rentDueDate, lang);
  const title = t('blocked.title', { month: month.charAt(0).toLocaleUpperCase(lang) + month.slice(1) });
  return (
    <Alert
      severity="warning"
      role="note"
      aria-labelledby={titleId}
      action={
        onUnblock ? (
          <Button color="warning" variant="outlined" size="small" onClick={onUnblock} sx={{ minHeight: 44 }}>
            {t('blocked.unblock', { month })}
          </Button>
        ) : undefined
      }
      sx={{ '& .MuiAlert-action': { alignItems: 'flex-start' }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <AlertTitle id={titleId}>{title}</AlertTitle>
      {PARTS.map((p) => (
        <Typography key={p} variant="body2" sx={{ mt: 0.5 }}>
          {t(`blocked.${p}`)}
        </Typography>
      ))}
    </Alert>
  );
}
