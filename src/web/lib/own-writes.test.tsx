import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countOf, server } from '../test/server.js';
import { apiCall } from './api-client.js';
import { REMEMBERED_WRITES, keysToRefresh, useWrite } from './own-writes.js';
import { inboxKeys } from './query-keys.js';
import { createQueryClient } from './query-client.js';

const CLAIM = ['claims', 'detail', 'c1'] as const;
/** What a live event about claim c1 (or another claim) makes stale: the event log, the inbox, the claim lists, the claim. */
const eventAbout = (claim: readonly unknown[]) => [['events'], inboxKeys.all, ['claims', 'list'], claim];
const read = (path: string) => () => apiCall('GET', path, z.unknown());

/** A page that reads a claim's months, the claim lists and the inbox, and can write to the claim; `writes`: the ids its writes were sent with. */
function page(client: QueryClient, fails = false, writes: string[] = []) {
  server.use(
    http.get('/api/months', () => HttpResponse.json([])),
    http.get('/api/lists', () => HttpResponse.json([])),
    http.get('/api/inbox', () => HttpResponse.json([])),
    http.post('/api/write', () =>
      fails ? HttpResponse.json({ code: 'E0188', message: '', requestId: 'r' }, { status: 422 }) : HttpResponse.json({}),
    ),
  );
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(
    () => {
      const months = useQuery({ queryKey: [...CLAIM, 'debts'], queryFn: read('/api/months') });
      useQuery({ queryKey: ['claims', 'list', {}], queryFn: read('/api/lists') });
      useQuery({ queryKey: inboxKeys.list({}), queryFn: read('/api/inbox') });
      const write = useWrite({
        mutationFn: (_, id) => {
          writes.push(id);
          return apiCall('POST', '/api/write', z.unknown(), { write: id });
        },
        refreshes: () => [CLAIM],
      });
      return { months, write };
    },
    { wrapper },
  );
}

describe('a write refreshes what it changed once, and owns its inbox refresh', () => {
  it('asks again for the claim and the inbox once when it ends, not for what it did not change', async () => {
    const client = createQueryClient();
    const { result } = page(client);
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    expect([countOf('GET', '/api/months'), countOf('GET', '/api/inbox'), countOf('GET', '/api/lists')]).toEqual([1, 1, 1]);
    await act(() => result.current.write.mutateAsync());
    // the screen's callbacks run once the refreshed data is in
    expect([countOf('GET', '/api/months'), countOf('GET', '/api/inbox'), countOf('GET', '/api/lists')]).toEqual([2, 2, 1]);
  });

  it('sends each write with an id of its own, which the server names in the live events that report its result', async () => {
    const client = createQueryClient();
    const writes: string[] = [];
    const { result } = page(client, false, writes);
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    const sent: (string | null)[] = [];
    server.use(
      http.post('/api/write', ({ request }) => {
        sent.push(request.headers.get('x-write-id'));
        return HttpResponse.json({});
      }),
    );
    await act(() => result.current.write.mutateAsync());
    await act(() => result.current.write.mutateAsync());
    expect(sent).toEqual(writes);
    expect(new Set(sent).size).toBe(2);
  });

  it('an event reporting one of its writes leaves out what that write refreshed; any other event is applied in full', async () => {
    const client = createQueryClient();
    const writes: string[] = [];
    const { result } = page(client, false, writes);
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    await act(() => result.current.write.mutateAsync());
    const [mine = ''] = writes;
    // the write's result: the claim and the inbox are not asked again; the event log and the lists are
    expect(keysToRefresh(client, eventAbout(CLAIM), mine)).toEqual([['events'], ['claims', 'list']]);
    // as often as it comes (asking consumes nothing)
    expect(keysToRefresh(client, eventAbout(CLAIM), mine)).toEqual([['events'], ['claims', 'list']]);
    // someone else's change (the server names no write), or a write of another tab: everything it names
    expect(keysToRefresh(client, eventAbout(CLAIM), null)).toEqual(eventAbout(CLAIM));
    expect(keysToRefresh(client, eventAbout(CLAIM), 'another-tab-write')).toEqual(eventAbout(CLAIM));
  });

  it('remembers its latest writes by count, not by time', async () => {
    const client = createQueryClient();
    const writes: string[] = [];
    const { result } = page(client, false, writes);
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    for (let i = 0; i <= REMEMBERED_WRITES; i++) await act(() => result.current.write.mutateAsync());
    // the oldest is forgotten: an event naming it is applied in full (one refresh too many, never one too few)
    expect(keysToRefresh(client, eventAbout(CLAIM), writes[0] ?? '')).toEqual(eventAbout(CLAIM));
    expect(keysToRefresh(client, eventAbout(CLAIM), writes.at(-1) ?? '')).toEqual([['events'], ['claims', 'list']]);
  });

  it('a refused write still refreshes what it would have changed', async () => {
    const client = createQueryClient();
    const { result } = page(client, true);
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    await act(() => result.current.write.mutateAsync().catch(() => undefined));
    expect(countOf('GET', '/api/months')).toBe(2);
  });
});
