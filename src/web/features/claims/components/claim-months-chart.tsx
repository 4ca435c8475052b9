import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../components/lazy-part.js';
import { useLang } from '../../../lib/i18n.js';
import { useClaimStats } from '../api/claim-reads.js';
import { chartWindow } from '../chart-window.js';
import { MONTH_SERIES, MONTHS_CHART } from './claim-months-series.js';

// MUI X Charts (the page's heaviest code) comes in a chunk of its own, loaded when a claim's page
// draws its chart; its legend, caption and place are drawn at once, so nothing moves when the bars
// come (a failed download says so in the chart's place, with a retry: components/lazy-part.tsx)
const MonthsBars = lazyPart(() => import('./claim-months-bars.js').then((m) => m.MonthsBars));

/**
 * Month by month: what the tenant paid, what the guarantor paid, what remains due (stacked).
 * Its legend, its caption and the place of its bars (their final size) are drawn with the page.
 */
export function ClaimMonthsChart({ claimId }: { claimId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const stats = useClaimStats(claimId);
  const all = stats.data?.byMonth ?? [];
  // while the figures are read, the chart's whole place (legend, bars, caption) is kept: what is
  // below it (the back office, the sections) does not move when they come
  const pending = stats.data === undefined;
  if (!pending && all.length === 0) return null;
  const { months, endsAtLastDeclared } = chartWindow(all, MONTHS_CHART.maxMonths);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          columnGap: 2,
          rowGap: 0.5,
          listStyle: 'none',
          m: 0,
          mb: 1,
          p: 0,
        }}
      >
        {MONTH_SERIES.map((s) => (
          <Box
            component="li"
            key={s.key}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'caption', fontSize: '0.8125rem' }}
          >
            <Box aria-hidden sx={{ width: 13, height: 13, borderRadius: '2px', bgcolor: s.color, flexShrink: 0 }} />
            {s.label(t, lang)}
          </Box>
        ))}
      </Box>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={t('workspace.chart')}>
        <Box sx={{ minWidth: months.length * MONTHS_CHART.perMonth + 100, height: MONTHS_CHART.height }}>
          {pending ? (
            <Skeleton variant="rounded" height={MONTHS_CHART.height} />
          ) : (
            <MonthsBars fallback={<Skeleton variant="rounded" height={MONTHS_CHART.height} />} months={months} />
          )}
        </Box>
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {pending
          ? '\u00a0'
          : endsAtLastDeclared
            ? t('workspace.chartToLastDeclared', { count: months.length, total: all.length })
            : all.length > months.length
              ? t('workspace.chartRecent', { count: months.length, total: all.length })
              : t('workspace.chart')}
      </Typography>
    </Box>
  );
}
