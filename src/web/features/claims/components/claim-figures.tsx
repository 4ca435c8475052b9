import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { useClaimStats } from '../api/claim-reads.js';

/** The claim's counters and totals from the stats endpoint, as figure cards. */
export function ClaimFigures({ claimId }: { claimId: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const stats = useClaimStats(claimId);
  if (!stats.data) return <Skeleton variant="rounded" height={90} />;
  const s = stats.data;
  const cards: [string, string][] = [
    [t('workspace.totalRent'), formatMoney(s.totalRent, lang)],
    [t('workspace.totalTenant'), formatMoney(s.totalTenantPayments + s.totalReceivedAtDeclaration, lang)],
    [t('workspace.totalGuarantor'), formatMoney(s.totalPaidByGuarantor, lang)],
    [t('workspace.totalOutstanding'), formatMoney(s.totalOutstanding, lang)],
    [t('workspace.monthsToDeclare'), String(s.monthsToDeclare)],
  ];
  return (
    <Grid container spacing={2} role="list" aria-label={t('workspace.figures')}>
      {cards.map(([label, value]) => (
        <Grid key={label} size={{ xs: 6, md: 2.4 }} role="listitem">
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {label}
            </Typography>
            <Typography variant="h6" component="p">
              {value}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
