import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { RefObject } from 'react';

/**
 * A list's "clear the filters": it goes away with the filters it clears, so the keyboard's focus
 * is taken to the list's search field (`focusAfter`) rather than left to fall to the page's start.
 */
export function ClearFiltersButton(p: {
  label: string;
  onClear: () => void;
  focusAfter: RefObject<HTMLInputElement | null>;
  sx?: SxProps<Theme>;
}) {
  return (
    <Button
      onClick={() => {
        p.onClear();
        p.focusAfter.current?.focus();
      }}
      sx={p.sx}
    >
      {p.label}
    </Button>
  );
}
