import { inputBaseClasses } from '@mui/material/InputBase';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The round's rows, styled once for the whole list (RoundList's sx): a row is plain cells, columns
 * of text and light fields, not a component with its own styles per cell and per line (the page's
 * first draw is what the round's load waits for). The values are the theme's, as MUI's table cells and outlined
 * fields use them.
 */
export const ROUND_STYLES: SxProps<Theme> = {
  '& .round-col': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 },
  '& .round-tight': { gap: 0.25 },
  '& .round-line': { display: 'flex', flexWrap: 'wrap', gap: 1 },
  '& .round-text': { typography: 'body2' },
  '& .round-strong': { typography: 'body2', fontWeight: 600 },
  '& .round-caption': { typography: 'caption', color: 'text.secondary' },
  '& .round-plain': { color: 'text.primary' },
  '& .round-narrow': { maxWidth: 320 },
  '& .round-late': { color: 'error.main' },
  '& .round-warn': { color: 'warning.main' },
  '& .round-field': { display: 'flex', flexDirection: 'column', minWidth: 110, maxWidth: 150 },
  '& .round-date': { minWidth: 150, maxWidth: 170 },
  '& .round-field-label': { typography: 'caption', color: 'text.secondary', lineHeight: 1.5 },
  '& .round-field-error': { typography: 'caption', color: 'error.main', mt: 0.25 },
  [`& .${inputBaseClasses.root}`]: {
    typography: 'body1',
    px: 1.5,
    py: 0.5,
    border: 1,
    borderColor: 'grey.400',
    borderRadius: 1,
    bgcolor: 'background.paper',
    '&:hover': { borderColor: 'text.primary' },
  },
  [`& .${inputBaseClasses.focused}`]: { borderColor: 'primary.main', boxShadow: (t) => `inset 0 0 0 1px ${t.palette.primary.main}` },
  [`& .${inputBaseClasses.error}`]: { borderColor: 'error.main' },
  [`& .${inputBaseClasses.disabled}`]: { borderColor: 'action.disabled', '&:hover': { borderColor: 'action.disabled' } },
  [`& .${inputBaseClasses.input}`]: { p: 0, height: '1.5em' },
  // the table's rows (its head is MUI's): as MUI's small cells
  '& tbody td': { px: 2, py: '6px', borderBottom: 1, borderColor: 'divider', verticalAlign: 'top', typography: 'body2' },
  '& tbody td.round-check': { width: 48, p: '0 0 0 4px' },
  '& tbody tr[data-index]:hover': { bgcolor: 'action.hover' },
};
