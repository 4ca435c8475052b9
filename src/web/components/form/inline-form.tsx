import Stack from '@mui/material/Stack';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

const FIELD = 'input:not([type=hidden]):not([aria-hidden=true]), textarea, [role=spinbutton], [role=combobox]';

/**
 * A small form laid out on one line (stacked on narrow screens), e.g. inside a table row. Opened
 * by a button that it replaces, it takes the focus into its first field (a date field's code may
 * come a little later: taken as soon as it is drawn), and Escape cancels it as its "Annuler" does.
 */
export function InlineForm({
  label,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  onSubmit: (e: FormEvent) => void;
  /** Given: the form takes the focus when it opens, and Escape calls this. */
  onCancel?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const focusFirst = onCancel !== undefined;
  useEffect(() => {
    const form = ref.current;
    if (!focusFirst || !form) return undefined;
    const take = () => {
      const field = form.querySelector<HTMLElement>(FIELD);
      if (field) field.focus();
      return field !== null;
    };
    if (take()) return undefined;
    const observer = new MutationObserver(() => {
      if (take()) observer.disconnect();
    });
    observer.observe(form, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [focusFirst]);
  return (
    <Stack
      ref={ref}
      component="form"
      spacing={2}
      direction={{ xs: 'column', md: 'row' }}
      // the fields share the row; a button keeps its whole label ("Déclarer" was cut at 1280 px)
      sx={{ alignItems: { md: 'flex-start' }, py: 1, '& > .MuiButton-root': { flexShrink: 0, whiteSpace: 'nowrap' } }}
      onSubmit={onSubmit}
      onKeyDown={(e) => {
        // a picker's open calendar takes its own Escape first (it stops it there)
        if (e.key === 'Escape' && onCancel && !e.defaultPrevented) {
          e.preventDefault();
          onCancel();
        }
      }}
      noValidate
      aria-label={label}
    >
      {children}
    </Stack>
  );
}
