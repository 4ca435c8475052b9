import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { CLAIM_STATUSES, PROJECT_STATUSES, labelOf } from '../../../../contract/enums.js';
import type { OrganizationStats } from '../../../../contract/stats.js';
import { FigureCards } from '../../../components/figure-cards.js';
import { formatDateTime, formatMoney } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';

function Chart({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="figure" variant="outlined" sx={{ p: 2, m: 0 }} aria-label={title}>
      <Typography variant="subtitle1" component="figcaption">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The organization's statistics as figures and charts, with when they were computed. */
export function OrganizationStatsView({ stats }: { stats: OrganizationStats }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const funnel = stats.projects.funnel;
  const funnelSteps: [string, number][] = [
    [t('stats.funnel.created'), funnel.created],
    [t('stats.funnel.applied'), funnel.applied],
    [t('stats.funnel.documentsValidated'), funnel.documentsValidated],
    [t('stats.funnel.rentalAdded'), funnel.rentalAdded],
    [t('stats.funnel.paid'), funnel.paid],
    [t('stats.funnel.active'), funnel.active],
  ];
  const claimStatuses = stats.claims.byStatus.filter((s) => s.count > 0);
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Typography color="text.secondary">
          {t('stats.freshness', { organization: stats.organizationName, date: formatDateTime(stats.generatedAt, lang) })}
        </Typography>
      </Grid>
      <Grid size={12}>
        <FigureCards
          label={t('stats.figures')}
          perRow={7}
          valueVariant="h5"
          figures={[
            [t('stats.projects'), String(stats.projects.total)],
            [t('stats.last30'), String(stats.projects.createdLast30Days)],
            [t('stats.averageScore'), formatMoney(stats.projects.averageScore, lang)],
            [t('stats.activeClaims'), `${stats.claims.active} / ${stats.claims.total}`],
            [t('stats.declared'), formatMoney(stats.claims.totalDeclared, lang)],
            [t('stats.guarantor'), formatMoney(stats.claims.totalPaidByGuarantor, lang)],
            [t('stats.outstanding'), formatMoney(stats.claims.totalOutstanding, lang)],
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Chart title={t('stats.byStatus')}>
          <BarChart
            height={300}
            layout="horizontal"
            margin={{ left: 10 }}
            yAxis={[{ scaleType: 'band', data: stats.projects.byStatus.map((s) => labelOf(PROJECT_STATUSES, s.status, lang)), width: 200 }]}
            series={[{ data: stats.projects.byStatus.map((s) => s.count), label: t('stats.projects') }]}
          />
        </Chart>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Chart title={t('stats.funnelTitle')}>
          <BarChart
            height={300}
            xAxis={[{ scaleType: 'band', data: funnelSteps.map(([l]) => l) }]}
            series={[{ data: funnelSteps.map(([, v]) => v), label: t('stats.projects') }]}
          />
        </Chart>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Chart title={t('stats.claimsByStatus')}>
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: claimStatuses.map((s) => labelOf(CLAIM_STATUSES, s.status, lang)) }]}
            series={[{ data: claimStatuses.map((s) => s.count), label: t('stats.claims') }]}
          />
        </Chart>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Chart title={t('stats.amounts')}>
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: [t('stats.declared'), t('stats.guarantor'), t('stats.outstanding')] }]}
            series={[
              {
                data: [stats.claims.totalDeclared, stats.claims.totalPaidByGuarantor, stats.claims.totalOutstanding],
                label: '€',
                valueFormatter: (v) => (v === null ? '' : formatMoney(v, lang)),
              },
            ]}
          />
        </Chart>
      </Grid>
    </Grid>
  );
}
