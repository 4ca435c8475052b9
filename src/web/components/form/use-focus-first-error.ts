import { useRef } from 'react';
import type { FieldErrors, FieldPath, FieldValues, UseFormSetFocus } from 'react-hook-form';

/** The names of the fields in error (`tenant.email`, `rents.0.amount`), in no particular order. */
function errorNames(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, error]) => {
    if (error === null || typeof error !== 'object') return [];
    const name = prefix + key;
    // a field's error has a type; anything else groups the errors of the fields below it
    return typeof (error as { type?: unknown }).type === 'string' ? [name] : errorNames(error as FieldErrors, `${name}.`);
  });
}

/**
 * After a submit refused by the form's own validation, focuses the first field in error in the
 * order the page shows them, with react-hook-form's `setFocus` (its own focus follows the order
 * fields were registered, so a field that appears later, e.g. the contract length of a fixed-term
 * tenant, came last; and it tried to focus fields of a section hidden again). The fields are
 * drawn before a submit is refused, so the page's order is the order of their named inputs.
 * Use with `shouldFocusError: false`: `handleSubmit(onValid, focus.onInvalid)`, `ref={focus.ref}` on the form.
 */
export function useFocusFirstError<T extends FieldValues>(setFocus: UseFormSetFocus<T>) {
  const ref = useRef<HTMLFormElement>(null);
  const onInvalid = (errors: FieldErrors<T>) => {
    const names = new Set(errorNames(errors));
    const shown = Array.from(ref.current?.querySelectorAll('[name]') ?? [], (el) => el.getAttribute('name') ?? '');
    const first = shown.find((name) => names.has(name));
    if (first) setFocus(first as FieldPath<T>);
  };
  return { ref, onInvalid };
}
