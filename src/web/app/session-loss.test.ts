import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Session } from '../../contract/session.js';
import { sessionQueryOptions } from '../features/auth/api/get-session.js';
import { keepClock } from '../features/auth/lib/session-clock.js';
import { apiCall } from '../lib/api-client.js';
import { server } from '../test/server.js';
import { createMemoryRouter } from 'react-router';
import { followRoleChanges, followSessionLoss } from './session-loss.js';

const session = (role: Session['user']['role']): Session => ({
  user: { email: 'camille@agence.fr', name: 'Camille', role },
  mode: 'live',
  today: '2026-06-15',
  csrfToken: 't',
});
const asRole = (role: string) => ({ headers: { 'x-session-role': role } });

describe('a role changed by a manager', () => {
  it('shows at the next answer: the session is read again and settles on the new role', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    qc.setQueryData(sessionQueryOptions().queryKey, session('staff'));
    // the page shows the session (an observer, as useSession is)
    const unobserve = new QueryObserver(qc, sessionQueryOptions()).subscribe(() => undefined);
    const stop = followRoleChanges(qc);
    server.use(
      http.get('/api/session', () => HttpResponse.json(session('intermediary'), asRole('intermediary'))),
      http.get('/api/v1/claims', () => HttpResponse.json({ ok: true }, asRole('intermediary'))),
    );
    try {
      await apiCall('GET', '/api/v1/claims', z.object({ ok: z.boolean() }));
      await waitFor(() => expect(qc.getQueryData<Session>(sessionQueryOptions().queryKey)?.user.role).toBe('intermediary'));
      // and it stays there: nothing keeps reading it
      await waitFor(() => expect(qc.isFetching({ queryKey: sessionQueryOptions().queryKey })).toBe(0));
    } finally {
      stop();
      unobserve();
    }
  });
});

/**
 * A tab on `from` (signed in when `signedIn`) whose next call answers "not signed in": where the
 * session loss takes it, as the address after the redirect.
 */
async function lostSessionFrom(from: string, signedIn: boolean): Promise<string> {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (signedIn) qc.setQueryData(sessionQueryOptions().queryKey, session('staff'));
  const router = createMemoryRouter(
    [
      { path: '/claims', element: null },
      { path: '/sign-in', element: null },
    ],
    { initialEntries: [from] },
  );
  const stop = followSessionLoss(qc, router);
  server.use(
    http.get('/api/v1/claims', () =>
      HttpResponse.json({ code: 'UNAUTHENTICATED', message: 'Sign in first.', requestId: 'r1' }, { status: 401 }),
    ),
  );
  try {
    await expect(apiCall('GET', '/api/v1/claims', z.object({}))).rejects.toThrow();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    return router.state.location.search;
  } finally {
    stop();
    router.dispose();
  }
}

describe('a session ended elsewhere', () => {
  it('takes the user to sign-in, which says the session has ended and comes back to the page after', async () => {
    const params = new URLSearchParams(await lostSessionFrom('/claims?status=30', true));
    expect([params.get('ended'), params.get('next')]).toEqual(['1', '/claims?status=30']);
  });
});

describe('a visitor who never signed in', () => {
  it('is asked to sign in, without being told of a session that ended', async () => {
    expect(await lostSessionFrom('/claims', false)).toBe('?next=%2Fclaims');
  });
});

describe('a session that ended by itself', () => {
  const clock = (idleEndsIn: number, endsIn: number) =>
    keepClock({ idleEndsIn, endsIn, idleLimit: 30 * 60_000, maxLimit: 12 * 3_600_000 }, Date.now() - 31 * 60_000);

  it('says which limit ended it, even in a page opened after it ended (the browser closed meanwhile)', async () => {
    clock(-60_000, 3_600_000);
    expect(new URLSearchParams(await lostSessionFrom('/claims', true)).get('ended')).toBe('idle');
    expect(new URLSearchParams(await lostSessionFrom('/claims', false)).get('ended')).toBe('idle');
    clock(3_600_000, -1_000);
    expect(new URLSearchParams(await lostSessionFrom('/claims', true)).get('ended')).toBe('max');
  });

  it('before its limits: closed elsewhere for a tab that had it; a page without it (its cookie removed) is a visitor', async () => {
    clock(20 * 60_000, 3_600_000);
    expect(new URLSearchParams(await lostSessionFrom('/claims', true)).get('ended')).toBe('elsewhere');
    expect(await lostSessionFrom('/claims', false)).toBe('?next=%2Fclaims');
  });
});
