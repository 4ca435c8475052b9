import { useEffect, useState } from 'react';
import { readDraft, removeDraft, saveDraft } from '../drafts.js';

/**
 * Pages live in this tab's memory only. A phone may drop the tab while its camera is open: the
 * pages are then lost, and the reloaded page says so. What is kept is a draft of `owner`, the
 * signed-in user (the drafts' rules: another user of the browser never reads it, sign-out erases it) holding
 * only the fact that pages were being taken for `key` (no picture, no name), removed as soon as
 * they are sent, cleared or the page is left. Leaving the page or closing the tab with pages asks
 * first (DocumentPages' LeaveGuard, the forms' own).
 */
export function usePagesLost(key: string, owner: string, hasPages: boolean): boolean {
  const name = `document-pages:${key}`;
  const [lost] = useState(() => owner !== '' && readDraft(name, owner) !== undefined);
  useEffect(() => {
    if (!owner) return;
    if (!hasPages) {
      removeDraft(name, owner);
      return;
    }
    saveDraft(name, owner, true);
    return () => {
      // leaving the page within the app (or signing out) drops the pages knowingly: nothing to report later
      removeDraft(name, owner);
    };
  }, [name, owner, hasPages]);
  return lost;
}
