import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

/** A small form laid out on one line (stacked on narrow screens), e.g. inside a table row. */
export function InlineForm({ label, onSubmit, children }: { label: string; onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <Stack
      component="form"
      spacing={2}
      direction={{ xs: 'column', md: 'row' }}
      // the fields share the row; a button keeps its whole label ("Déclarer" was cut at 1280 px)
      sx={{ alignItems: { md: 'flex-start' }, py: 1, '& > .MuiButton-root': { flexShrink: 0, whiteSpace: 'nowrap' } }}
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
    >
      {children}
    </Stack>
  );
}
