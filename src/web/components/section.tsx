import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A titled region of a page or form (announced as a landmark with its title). `estimate` (its
 * usual height in px) marks a section that is often below the first screen: the browser skips its
 * layout and paint until it comes near the screen (CSS `content-visibility: auto`), with that height
 * standing in until it was drawn once (then its last drawn height), so the scroll bar stays put.
 */
export function Section({ title, id, estimate, children }: { title: string; id?: string; estimate?: number; children: ReactNode }) {
  return (
    <Paper
      component="section"
      id={id}
      variant="outlined"
      sx={{
        p: 3,
        scrollMarginTop: 16,
        ...(estimate !== undefined ? { contentVisibility: 'auto', containIntrinsicSize: `auto ${estimate}px` } : null),
      }}
      aria-label={title}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
