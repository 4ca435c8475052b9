import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Keeps a form's draft in session storage so a refresh loses nothing; returns the restored
 * draft (or undefined) for the form's default values, and a function to forget it.
 */
export function readDraft<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function useDraft<T extends FieldValues>(key: string, form: UseFormReturn<T>): { clear: () => void; restored: boolean } {
  const [restored] = useState(() => sessionStorage.getItem(key) !== null);
  useEffect(() => {
    const sub = form.watch((values) => sessionStorage.setItem(key, JSON.stringify(values)));
    return () => sub.unsubscribe();
  }, [form, key]);
  return { clear: () => sessionStorage.removeItem(key), restored };
}
