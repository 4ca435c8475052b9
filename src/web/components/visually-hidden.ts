/**
 * Read by assistive technology, not drawn (MUI's visuallyHidden), for `sx` and `style` alike: in
 * px, since in `sx` a width of 1 means 100% (it made a page as wide again as the screen).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
