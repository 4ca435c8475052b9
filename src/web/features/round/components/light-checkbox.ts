import type { CheckboxProps } from '@mui/material/Checkbox';

/**
 * The round's checkboxes, one a row and one for all of them, without MUI's ripple (its documented
 * disableRipple): ticking every row draws each row's box again, and each box carried a ripple of its
 * own; the tick itself is the answer to a tap. The keyboard's focus is drawn as an outline instead
 * of the focus ripple, as MUI's documentation asks of a button without one.
 */
export const LIGHT_CHECKBOX = {
  disableRipple: true,
  sx: { '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -6, borderRadius: 1 } },
} satisfies CheckboxProps;
