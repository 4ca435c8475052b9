import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { ChartsLocalized } from '../../../components/charts-localized.js';
import { formatMonth, formatShortMonth } from '../../../lib/dates.js';
import { formatCompactMoney, formatMoney } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { useBoxWidth } from '../../../lib/use-box-width.js';
import { useClaimStats } from '../api/claim-reads.js';
import { chartWindow } from '../chart-window.js';

/** At most this many months are drawn (a claim can span years); the statement has them all. */
const MAX_MONTHS = 24;
/** Width of a month's bar and label: every bar keeps its label; a narrow screen scrolls the chart, not the page. */
const PER_MONTH = 44;

const HEIGHT = 280;

/** Month by month: what the tenant paid, what the guarantor paid, what remains due (stacked). */
export function ClaimMonthsChart({ claimId }: { claimId: string }) {
  const stats = useClaimStats(claimId);
  const all = stats.data?.byMonth ?? [];
  if (all.length === 0) return null;
  return <MonthsBars all={all} />;
}

type Month = NonNullable<ReturnType<typeof useClaimStats>['data']>['byMonth'][number];

function MonthsBars({ all }: { all: Month[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  // drawn at the width of its box, measured once laid out (the chart would draw twice to find it)
  const [box, width] = useBoxWidth<HTMLDivElement>();
  const { months, endsAtLastDeclared } = chartWindow(all, MAX_MONTHS);
  const money = (v: number | null) => (v === null ? '' : formatMoney(v, lang));
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={t('workspace.chart')}>
        <Box ref={box} sx={{ minWidth: months.length * PER_MONTH + 100, minHeight: HEIGHT }}>
          {width === null ? null : (
            <ChartsLocalized>
              <BarChart
                width={width}
                height={HEIGHT}
                xAxis={[
                  {
                    scaleType: 'band',
                    data: months.map((m) => `${m.month}-01`),
                    valueFormatter: (v: string, context) =>
                      context.location === 'tick' ? formatShortMonth(v, lang).replace(' ', '\n') : formatMonth(v, lang),
                    tickLabelMinGap: 2,
                    // every bar has room for its label (PER_MONTH): all shown, none measured to pick which
                    tickLabelInterval: () => true,
                  },
                ]}
                yAxis={[{ width: 'auto', valueFormatter: (v: number) => formatCompactMoney(v, lang) }]}
                series={[
                  { data: months.map((m) => m.tenantAmount), label: t('workspace.totalTenant'), stack: 'paid', valueFormatter: money },
                  {
                    data: months.map((m) => m.guarantorAmount),
                    label: t('workspace.totalGuarantor'),
                    stack: 'paid',
                    valueFormatter: money,
                  },
                  { data: months.map((m) => m.amountDue), label: t('workspace.totalOutstanding'), stack: 'paid', valueFormatter: money },
                ]}
              />
            </ChartsLocalized>
          )}
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
