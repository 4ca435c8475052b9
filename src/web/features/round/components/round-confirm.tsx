import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import type { controlTotal } from '../round-rows.js';

/** Before the checked rows go: the control total (rents, received, outstanding) of what will be declared. */
export function RoundConfirm(p: { total: ReturnType<typeof controlTotal> | null; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const total = p.total;
  return (
    <ConfirmDialog
      open={total !== null}
      tone="warning"
      title={t('round.confirm.title')}
      text={
        total ? (
          <Box component="span" sx={{ display: 'block' }}>
            <Typography component="span" sx={{ display: 'block', mb: 1 }}>
              {t('round.confirm.months', { count: total.months })}
            </Typography>
            <Box
              component="span"
              sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, '& > span:nth-of-type(even)': { textAlign: 'right' } }}
            >
              <span>{t('round.confirm.rents')}</span>
              <span>{formatMoney(total.rents, lang)}</span>
              <span>{t('round.confirm.received')}</span>
              <span>{formatMoney(total.received, lang)}</span>
              <span>
                <strong>{t('round.confirm.outstanding')}</strong>
              </span>
              <span>
                <strong>{formatMoney(total.outstanding, lang)}</strong>
              </span>
            </Box>
          </Box>
        ) : null
      }
      cancel={t('round.confirm.cancel')}
      confirm={t('round.confirm.confirm')}
      onCancel={p.onCancel}
      onConfirm={p.onConfirm}
    />
  );
}
