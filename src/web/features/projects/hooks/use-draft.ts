import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { readDraft, removeDraft, saveDraft } from '../../../lib/drafts.js';

export interface Draft {
  /** The form started from a draft kept earlier. */
  restored: boolean;
  /** Forgets the draft and stops keeping one (after a successful save, or when discarded). */
  end: () => void;
}

/** Keeps the form's values as the user's draft while it is being filled. */
export function useDraft<T extends FieldValues>(name: string, owner: string, form: UseFormReturn<T>): Draft {
  const [restored] = useState(() => readDraft(name, owner) !== undefined);
  const ended = useRef(false);
  useEffect(() => {
    const sub = form.watch((values) => {
      // a reset after the save must not write the saved values back as a draft
      if (!ended.current) saveDraft(name, owner, values);
    });
    return () => sub.unsubscribe();
  }, [form, name, owner]);
  return {
    restored,
    end: () => {
      ended.current = true;
      removeDraft(name, owner);
    },
  };
}
