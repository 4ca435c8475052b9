import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Key figures as a labelled list of cards, `perRow` to a row on wide screens, two on phones; a figure's note (what it is made of, a line each) under its value. */
export function FigureCards({
  label,
  figures,
  perRow,
  valueVariant = 'h6',
}: {
  label: string;
  figures: readonly (readonly [name: string, value: string, note?: readonly string[]])[];
  perRow: number;
  valueVariant?: 'h5' | 'h6';
}) {
  return (
    <Grid container spacing={2} role="list" aria-label={label}>
      {figures.map(([name, value, note]) => (
        <Grid key={name} size={{ xs: 6, md: 12 / perRow }} role="listitem">
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {name}
            </Typography>
            <Typography variant={valueVariant} component="p">
              {value}
            </Typography>
            {note?.map((line) => (
              <Typography key={line} variant="caption" color="text.secondary" component="p" sx={{ whiteSpace: 'pre-line' }}>
                {line}
              </Typography>
            ))}
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
