import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CLAIM_STATUSES, PROJECT_STATUSES, labelOf } from '../../../../contract/enums.js';
import type { OrganizationStats } from '../../../../contract/stats.js';
import { ChartsLocalized } from '../../../components/charts-localized.js';
import { FigureCards } from '../../../components/figure-cards.js';
import { CategoryBars } from './category-bars.js';
import { ClaimFiguresPanel } from './claim-figures-panel.js';
import { formatDateTime } from '../../../lib/dates.js';
import { formatCount, formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';

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
  const lang = useLang();
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
  const count = (v: number) => formatCount(v, lang);
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
            perRow={4}
            valueVariant="h5"
            figures={[
              [t('stats.projects'), formatCount(stats.projects.total, lang)],
              [t('stats.last30'), formatCount(stats.projects.createdLast30Days, lang)],
              [t('stats.averageScore'), formatMoney(stats.projects.averageScore, lang)],
              [t('stats.activeClaims'), `${formatCount(stats.claims.active, lang)} / ${formatCount(stats.claims.total, lang)}`],
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Chart title={t('stats.byStatus')}>
            <CategoryBars
              labels={stats.projects.byStatus.map((s) => labelOf(PROJECT_STATUSES, s.status, lang))}
              values={stats.projects.byStatus.map((s) => s.count)}
              series={t('stats.projects')}
              format={count}
            />
          </Chart>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Chart title={t('stats.funnelTitle')}>
            <CategoryBars
              labels={funnelSteps.map(([l]) => l)}
              values={funnelSteps.map(([, v]) => v)}
              series={t('stats.projects')}
              format={count}
            />
          </Chart>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Chart title={t('stats.claimsByStatus')}>
            <CategoryBars
              labels={claimStatuses.map((s) => labelOf(CLAIM_STATUSES, s.status, lang))}
              values={claimStatuses.map((s) => s.count)}
              series={t('stats.claims')}
              format={count}
            />
          </Chart>
        </Grid>
        <Grid size={12}>
          {/* the claims' money, every term of the sum, over a period (the partner's totals have neither) */}
          <ClaimFiguresPanel />
        </Grid>
      </Grid>
    </ChartsLocalized>
  );
}
