import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDrafts } from '../drafts.js';
import { usePagesLost } from './use-pages-lost.js';

/** The page as it comes back in the same tab (the phone dropped it: the first one never cleaned up). */
const reopened = (email: string, key = 'p1:2') => renderHook(() => usePagesLost(key, email, false)).result.current;

afterEach(() => sessionStorage.clear());

describe('pages taken in a tab that was dropped', () => {
  it('are said lost when the same user comes back to the same document, and only that document', () => {
    renderHook(() => usePagesLost('p1:2', 'lea@agence.fr', true));
    expect(reopened('lea@agence.fr', 'p1:3')).toBe(false);
    expect(reopened('lea@agence.fr')).toBe(true);
  });

  it('are never mentioned to the next user of the browser (sign-in erases what others left)', () => {
    renderHook(() => usePagesLost('p1:2', 'lea@agence.fr', true));
    clearDrafts('marc@agence.fr'); // Marc signs in on this browser
    expect(reopened('marc@agence.fr')).toBe(false);
    expect(reopened('lea@agence.fr')).toBe(false);
  });

  it('are forgotten at sign-out, and when the pages were sent or cleared (none left)', () => {
    renderHook(() => usePagesLost('p1:2', 'lea@agence.fr', true));
    clearDrafts(); // sign-out
    expect(reopened('lea@agence.fr')).toBe(false);

    const taking = renderHook(({ has }) => usePagesLost('p1:2', 'lea@agence.fr', has), { initialProps: { has: true } });
    taking.rerender({ has: false });
    expect(reopened('lea@agence.fr')).toBe(false);
  });

  it('are not said lost once the user left the page within the app', () => {
    const taking = renderHook(() => usePagesLost('p1:2', 'lea@agence.fr', true));
    taking.unmount();
    expect(reopened('lea@agence.fr')).toBe(false);
  });
});
