import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The top of a file's page (a project's, a claim's): the person's name as the page's heading, then
 * its status and what goes with it. In a row on a desk; in a column on a phone, each item as wide
 * as itself (the column stretched a status chip to the screen's width).
 */
export function FileHeading({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { xs: 'flex-start', md: 'center' }, flexWrap: 'wrap' }}
    >
      <Typography variant="h4" component="h1">
        {name}
      </Typography>
      {children}
    </Stack>
  );
}
