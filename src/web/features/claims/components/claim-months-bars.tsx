import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { ChartsLocalized } from '../../../components/charts-localized.js';
import { formatMonth, formatShortMonth } from '../../../lib/dates.js';
import { formatCompactMoney, formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useBoxWidth } from '../../../lib/use-box-width.js';
import type { useClaimStats } from '../api/claim-reads.js';
import { MONTH_SERIES, MONTHS_CHART } from './claim-months-series.js';

type Month = NonNullable<ReturnType<typeof useClaimStats>['data']>['byMonth'][number];

/** The months' stacked bars (MUI X Charts), at the width of their place; the legend and caption are the page's (claim-months-chart.tsx). */
export function MonthsBars({ months }: { months: Month[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  // drawn at the width of its box, measured once laid out (the chart would draw twice to find it)
  const [box, width] = useBoxWidth<HTMLDivElement>();
  const money = (v: number | null) => (v === null ? '' : formatMoney(v, lang));
  return (
    <div ref={box} style={{ height: MONTHS_CHART.height }}>
      {width === null ? null : (
        <ChartsLocalized>
          <BarChart
            width={width}
            height={MONTHS_CHART.height}
            hideLegend
            xAxis={[
              {
                scaleType: 'band',
                data: months.map((m) => `${m.month}-01`),
                valueFormatter: (v: string, context) =>
                  context.location === 'tick' ? formatShortMonth(v, lang).replace(' ', '\n') : formatMonth(v, lang),
                tickLabelMinGap: 2,
                // every bar has room for its label (perMonth): all shown, none measured to pick which
                tickLabelInterval: () => true,
              },
            ]}
            yAxis={[{ width: MONTHS_CHART.amountAxisWidth, valueFormatter: (v: number) => formatCompactMoney(v, lang) }]}
            series={MONTH_SERIES.map((s) => ({
              data: months.map((m) => m[s.key]),
              label: s.label(t, lang),
              color: s.color,
              stack: 'paid',
              valueFormatter: money,
            }))}
          />
        </ChartsLocalized>
      )}
    </div>
  );
}
