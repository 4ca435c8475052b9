import type { SxProps, Theme } from '@mui/material/styles';
import type { TextFieldProps } from '@mui/material/TextField';

/** MUI's line height of a field's text (InputBase: 1.4375em). */
const LINE = 1.4375;

/** Whether the browser grows a text area with its text by itself (CSS `field-sizing: content`). */
const GROWS_BY_ITSELF = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * A multiline TextField that grows with its text up to `maxRows` lines, then scrolls. Where the
 * browser can (Chromium: `field-sizing: content`), the text area sizes itself with CSS: MUI's
 * TextareaAutosize measures a hidden copy in a layout effect, a forced layout of the whole page
 * in the task that first draws it (a long task on a phone when a page draws its sections).
 * Elsewhere, MUI's own autosize. Same height either way: one line empty, `maxRows` at most.
 * `sx`: the field's own style.
 */
export function autosize(
  maxRows: number,
  sx: Record<string, unknown> = {},
  enabled = GROWS_BY_ITSELF,
): Pick<TextFieldProps, 'multiline' | 'maxRows' | 'slotProps'> & { sx: SxProps<Theme> } {
  if (!enabled) return { multiline: true, maxRows, sx };
  return {
    multiline: true,
    slotProps: { input: { inputComponent: 'textarea' }, htmlInput: { rows: 1 } },
    sx: { ...sx, '& textarea': { fieldSizing: 'content', maxHeight: `${maxRows * LINE}em`, overflowY: 'auto' } },
  };
}
