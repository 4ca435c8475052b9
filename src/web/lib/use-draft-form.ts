import { useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { draftOwner, readDraft, removeDraft, saveDraft } from './drafts.js';

export interface FormDraft {
  /** The form started from a draft kept earlier (a reload, a session that ended, a page left and come back to). */
  restored: boolean;
  /** Forgets the draft and keeps no more (the form was sent, or given up, and is going away). */
  end: () => void;
  /** Forgets the draft; the form keeps one again as soon as something is typed. */
  discard: () => void;
}

type Props<T extends FieldValues, C, R> = Omit<UseFormProps<T, C, R>, 'defaultValues'> & { defaultValues?: DefaultValues<T> };

/** Nothing typed: empty text, no value. */
const empty = (v: unknown) => v === undefined || v === null || v === '';

/** The same value, whatever the order of an object's keys (a form's values are not built in its defaults' order). */
function same(a: unknown, b: unknown): boolean {
  if (empty(a) && empty(b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => !empty((a as Record<string, unknown>)[k]));
  const kb = Object.keys(b).filter((k) => !empty((b as Record<string, unknown>)[k]));
  const all = new Set([...ka, ...kb]);
  return [...all].every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** What the person typed: the form's top-level values that differ from its defaults (null: nothing). */
function typedIn(values: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> | null {
  const typed = Object.fromEntries(Object.entries(values).filter(([k, v]) => !same(v, defaults[k])));
  return Object.keys(typed).length > 0 ? typed : null;
}

/**
 * A react-hook-form form that keeps what the person types as their draft (lib/drafts.ts: this tab,
 * this user only), and starts from it: a form opts in by calling this instead of `useForm`, with a
 * name that says which form of which file (`payment:<claimId>`). What survives is what was typed
 * (the fields whose value differs from the defaults), so defaults that follow the data (today's
 * date, the lease's rent) stay current. The draft goes when the form is back to its defaults (a
 * reset after a save), or when the form says so (`end`, `discard`); a sign-out erases every draft,
 * and another user's sign-in in the tab erases this user's.
 */
export function useDraftForm<T extends FieldValues, C = unknown, R = T>(
  name: string,
  props: Props<T, C, R>,
): [UseFormReturn<T, C, R>, FormDraft] {
  const [start] = useState(() => {
    const owner = draftOwner();
    const kept = owner ? readDraft<unknown>(name, owner) : undefined;
    return { owner, kept: typeof kept === 'object' && kept !== null && !Array.isArray(kept) ? (kept as Partial<T>) : undefined };
  });
  const form = useForm<T, C, R>({
    ...props,
    defaultValues: start.kept ? ({ ...props.defaultValues, ...start.kept } as DefaultValues<T>) : props.defaultValues,
  });
  const ended = useRef(false);
  // the defaults as this render gives them: what typing is measured against
  const defaults = JSON.stringify(props.defaultValues ?? {});
  useEffect(() => {
    const owner = start.owner;
    if (!owner) return undefined;
    const base = JSON.parse(defaults) as Record<string, unknown>;
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        // ended, or its user signed out (a form still on screen while the app leaves it keeps nothing)
        if (ended.current || draftOwner() !== owner) return;
        const typed = typedIn(values, base);
        if (typed) saveDraft(name, owner, typed);
        else removeDraft(name, owner);
      },
    });
  }, [form, name, start.owner, defaults]);
  const owner = start.owner;
  return [
    form,
    {
      restored: start.kept !== undefined,
      end: () => {
        ended.current = true;
        if (owner) removeDraft(name, owner);
      },
      discard: () => {
        if (owner) removeDraft(name, owner);
      },
    },
  ];
}
