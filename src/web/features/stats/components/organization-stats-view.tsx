import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { CLAIM_STATUSES, PROJECT_STATUSES, labelOf } from '../../../../contract/enums.js';
import type { OrganizationStats } from '../../../../contract/stats.js';
import { ChartsLocalized } from '../../../components/charts-localized.js';
import { FigureCards } from '../../../components/figure-cards.js';
import { formatCompactMoney, formatCount, formatDateTime, formatMoney } from '../../../lib/format.js';
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

/**
 * Counts by category as horizontal bars: a long label (a status, a step) is written in full
 * beside its bar, never cut or skipped; counts are whole numbers grouped the language's way.
 */
function Bars({ labels, values, series, lang }: { labels: string[]; values: number[]; series: string; lang: string }) {
  return (
    <BarChart
      height={Math.max(160, labels.length * 36 + 80)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: labels, width: 'auto' }]}
      xAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => formatCount(v, lang) }]}
      series={[{ data: values, label: series, valueFormatter: (v) => formatCount(v, lang) }]}
    />
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
    <ChartsLocalized>
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
              [t('stats.projects'), formatCount(stats.projects.total, lang)],
              [t('stats.last30'), formatCount(stats.projects.createdLast30Days, lang)],
              [t('stats.averageScore'), formatMoney(stats.projects.averageScore, lang)],
              [t('stats.activeClaims'), `${formatCount(stats.claims.active, lang)} / ${formatCount(stats.claims.total, lang)}`],
              [t('stats.declared'), formatMoney(stats.claims.totalDeclared, lang)],
              [t('stats.guarantor'), formatMoney(stats.claims.totalPaidByGuarantor, lang)],
              [t('stats.outstanding'), formatMoney(stats.claims.totalOutstanding, lang)],
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Chart title={t('stats.byStatus')}>
            <Bars
              labels={stats.projects.byStatus.map((s) => labelOf(PROJECT_STATUSES, s.status, lang))}
              values={stats.projects.byStatus.map((s) => s.count)}
              series={t('stats.projects')}
              lang={lang}
            />
          </Chart>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Chart title={t('stats.funnelTitle')}>
            <Bars labels={funnelSteps.map(([l]) => l)} values={funnelSteps.map(([, v]) => v)} series={t('stats.projects')} lang={lang} />
          </Chart>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Chart title={t('stats.claimsByStatus')}>
            <Bars
              labels={claimStatuses.map((s) => labelOf(CLAIM_STATUSES, s.status, lang))}
              values={claimStatuses.map((s) => s.count)}
              series={t('stats.claims')}
              lang={lang}
            />
          </Chart>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Chart title={t('stats.amounts')}>
            <BarChart
              height={260}
              xAxis={[{ scaleType: 'band', data: [t('stats.declared'), t('stats.guarantor'), t('stats.outstanding')] }]}
              yAxis={[{ width: 'auto', valueFormatter: (v: number) => formatCompactMoney(v, lang) }]}
              series={[
                {
                  data: [stats.claims.totalDeclared, stats.claims.totalPaidByGuarantor, stats.claims.totalOutstanding],
                  label: t('stats.amountSeries'),
                  valueFormatter: (v) => (v === null ? '' : formatMoney(v, lang)),
                },
              ]}
            />
          </Chart>
        </Grid>
      </Grid>
    </ChartsLocalized>
  );
}
