import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

/** A small form laid out on one line (stacked on narrow screens), e.g. inside a table row. */
export function InlineForm({ label, onSubmit, children }: { label: string; onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <Stack
      component="form"
      spacing={2}
      direction={{ xs: 'column', md: 'row' }}
      sx={{ alignItems: { md: 'flex-start' }, py: 1 }}
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
    >
      {children}
    </Stack>
  );
}
