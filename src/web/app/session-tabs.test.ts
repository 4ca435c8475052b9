import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../contract/session.js';
import { authKeys } from '../features/auth/api/keys.js';
import { followOtherTab } from './session-tabs.js';

const marion: Session = {
  user: { email: 'marion@demo-agency.fr', name: 'Marion Manager', role: 'manager' },
  mode: 'sandbox',
  today: '2026-11-28',
  csrfToken: 't',
};

/** A tab on `path` showing Marion's session; what another tab's news makes it do. */
async function tabOn(path: string, news: Parameters<typeof followOtherTab>[0]) {
  const qc = new QueryClient();
  qc.setQueryData(authKeys.session(), marion);
  const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: [path] });
  let reloaded = false;
  await followOtherTab(news, qc, router, () => (reloaded = true));
  const { pathname, search, hash } = router.state.location;
  const at = pathname;
  const url = pathname + search + hash;
  router.dispose();
  return { reloaded, at, url, session: qc.getQueryData<Session>(authKeys.session()) };
}

describe('a tab told of another tab’s sign-in or sign-out', () => {
  it('on a signed-in page: reloads as the other user, or goes to sign-in having forgotten what it showed', async () => {
    expect(await tabOn('/claims', { kind: 'signed-in', email: 'ines@demo-agency.fr' })).toMatchObject({
      reloaded: true,
      session: undefined,
    });
    expect(await tabOn('/claims', { kind: 'signed-in', email: 'Marion@demo-agency.fr' })).toMatchObject({ reloaded: false, at: '/claims' });
    expect(await tabOn('/claims', { kind: 'signed-out' })).toMatchObject({ reloaded: false, at: '/sign-in', session: undefined });
  });

  it('on the set-password page (outside the session): stays, with what is typed there', async () => {
    expect(await tabOn('/set-password', { kind: 'signed-in', email: 'ines@demo-agency.fr' })).toMatchObject({
      reloaded: false,
      at: '/set-password',
    });
    expect(await tabOn('/set-password', { kind: 'signed-out' })).toMatchObject({ reloaded: false, at: '/set-password' });
  });

  it('on the sign-in page after its session ended: goes back, at a sign-in, to the page it was on (where its draft waits)', async () => {
    const next = encodeURIComponent('/claims/42?tab=payments#month-2026-05');
    expect(await tabOn(`/sign-in?ended=idle&next=${next}`, { kind: 'signed-in', email: 'marion@demo-agency.fr' })).toMatchObject({
      reloaded: false,
      url: '/claims/42?tab=payments#month-2026-05',
    });
    // never to another site; a sign-out changes nothing there
    expect(await tabOn('/sign-in?next=%2F%2Fevil.example', { kind: 'signed-in', email: 'marion@demo-agency.fr' })).toMatchObject({
      url: '/',
    });
    expect(await tabOn('/sign-in?ended=idle&next=%2Fclaims', { kind: 'signed-out' })).toMatchObject({
      url: '/sign-in?ended=idle&next=%2Fclaims',
    });
  });
});
