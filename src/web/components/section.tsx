import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled region of a page or form (announced as a landmark with its title). */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Paper component="section" id={id} variant="outlined" sx={{ p: 3, scrollMarginTop: 16 }} aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
