import { useEffect, useRef, useState } from 'react';

const FOCUSABLE = 'input:not([type=hidden]):not([aria-hidden=true]), textarea, [role=combobox], [role=spinbutton], [tabindex="0"]';

/**
 * After a submit refused by the form's own validation, focuses the first field in error in the
 * order the page shows them (react-hook-form's own focus follows the order fields were
 * registered, so a field that appears later, e.g. the contract length of a fixed-term tenant,
 * came last; and it tried to focus fields of a section hidden again). Use with
 * `shouldFocusError: false`: `handleSubmit(onValid, focus.onInvalid)`, `ref={focus.ref}` on the form.
 */
export function useFocusFirstError() {
  const ref = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused === 0) return undefined;
    // the fields show their errors in a render of their own: wait for it (a few frames at most)
    let frame = 0;
    const attempt = (tries: number) => {
      const field = ref.current?.querySelector('.Mui-error')?.closest('.MuiFormControl-root, .MuiPickersTextField-root');
      const target = field?.querySelector<HTMLElement>(FOCUSABLE);
      if (target) target.focus();
      else if (tries < 20) frame = requestAnimationFrame(() => attempt(tries + 1));
    };
    attempt(1);
    return () => cancelAnimationFrame(frame);
  }, [refused]);
  return { ref, onInvalid: () => setRefused((n) => n + 1) };
}
