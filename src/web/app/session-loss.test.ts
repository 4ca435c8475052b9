import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Session } from '../../contract/session.js';
import { sessionQueryOptions } from '../features/auth/api/get-session.js';
import { apiCall } from '../lib/api-client.js';
import { server } from '../test/server.js';
import { followRoleChanges } from './session-loss.js';

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
