import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { Fragment } from 'react';

interface Props {
  labels: string[];
  values: number[];
  /** The series' name (legend). */
  series: string;
  /** A value as read beside its bar and in the tooltip. */
  format: (v: number) => string;
  /** A value on the axis (shorter: "15 k€"). */
  axisFormat?: (v: number) => string;
}

/**
 * Values by category as horizontal bars, each label written in full beside its bar, never cut or
 * skipped. On a phone, where a long label would leave no room for the bar, a list: the label and
 * its value on one line, the bar below.
 */
export function CategoryBars({ labels, values, series, format, axisFormat = format }: Props) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (phone) {
    const max = Math.max(1, ...values);
    return (
      <Box component="dl" aria-label={series} sx={{ m: 0, mt: 1 }}>
        {labels.map((label, i) => (
          <Fragment key={label}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 1 }}>
              <Typography component="dt" variant="body2">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                {format(values[i] ?? 0)}
              </Typography>
            </Box>
            <Box aria-hidden sx={{ height: 8, borderRadius: 1, bgcolor: 'primary.main', width: `${((values[i] ?? 0) / max) * 100}%` }} />
          </Fragment>
        ))}
      </Box>
    );
  }
  return (
    <BarChart
      height={Math.max(160, labels.length * 36 + 80)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: labels, width: 'auto' }]}
      xAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => axisFormat(v) }]}
      series={[{ data: values, label: series, valueFormatter: (v) => (v === null ? '' : format(v)) }]}
    />
  );
}
