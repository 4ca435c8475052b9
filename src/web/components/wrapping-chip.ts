/** A status chip whose long label wraps onto a second line instead of being cut with an ellipsis. */
export const WRAPPING_CHIP = {
  height: 'auto',
  maxWidth: '100%',
  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25, lineHeight: 1.3 },
} as const;
