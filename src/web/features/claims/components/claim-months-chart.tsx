import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../components/lazy-part.js';
import { WhenShown } from '../../../components/when-near.js';
import { chartSteps } from '../../../lib/chart-steps.js';
import { useClaimStats } from '../api/claim-reads.js';
import { chartWindow } from '../chart-window.js';
import { MONTH_SERIES, MONTHS_CHART } from './claim-months-series.js';

// MUI X Charts (the page's heaviest code: 80-95 ms to evaluate and ~60 ms to draw with a phone's
// CPU) is loaded, evaluated (what it is built on first, lib/chart-steps.ts) and drawn only when the
// chart's place comes on screen: on a phone it is below the first screen, and a page load that
// never scrolls to it never runs it
// (a failed download says so in the chart's place, with a retry: components/lazy-part.tsx)
const MonthsBars = lazyPart(() =>
  chartSteps()
    .then(() => import('./claim-months-bars.js'))
    .then((m) => m.MonthsBars),
);

/**
 * Month by month: what the tenant paid, what the guarantor paid, what remains due (stacked).
 * Its legend, its caption and the place of its bars (their final size: nothing moves when they
 * come) are drawn with the page; the bars when their place is on screen (components/when-near.tsx).
 */
export function ClaimMonthsChart({ claimId }: { claimId: string }) {
  const { t } = useTranslation();
  const stats = useClaimStats(claimId);
  // the keyboard on the chart's group (it scrolls a long chart): its bars at once
  const [focused, setFocused] = useState(false);
  const all = stats.data?.byMonth ?? [];
  if (all.length === 0) return null;
  const { months, endsAtLastDeclared } = chartWindow(all, MONTHS_CHART.maxMonths);
  const space = <Skeleton variant="rounded" height={MONTHS_CHART.height} />;
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
            {t(s.label)}
          </Box>
        ))}
      </Box>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={t('workspace.chart')} onFocus={() => setFocused(true)}>
        <Box sx={{ minWidth: months.length * MONTHS_CHART.perMonth + 100, height: MONTHS_CHART.height }}>
          <WhenShown space={space} now={focused}>
            <MonthsBars fallback={space} months={months} />
          </WhenShown>
        </Box>
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {endsAtLastDeclared
          ? t('workspace.chartToLastDeclared', { count: months.length, total: all.length })
          : all.length > months.length
            ? t('workspace.chartRecent', { count: months.length, total: all.length })
            : t('workspace.chart')}
      </Typography>
    </Box>
  );
}
