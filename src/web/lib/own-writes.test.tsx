import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countOf, server } from '../test/server.js';
import { apiCall } from './api-client.js';
import { ECHO_BURST_MS, ECHO_WINDOW_MS, keysToRefresh, useWrite } from './own-writes.js';
import { inboxKeys } from './query-keys.js';
import { createQueryClient } from './query-client.js';

const CLAIM = ['claims', 'detail', 'c1'] as const;
/** What a live event about claim c1 (or another claim) makes stale: the event log, the inbox, the claim lists, the claim. */
const eventAbout = (claim: readonly unknown[]) => [['events'], inboxKeys.all, ['claims', 'list'], claim];
const read = (path: string) => () => apiCall('GET', path, z.unknown());

/** A page that reads a claim's months, the claim lists and the inbox, and can write to the claim. */
function page(client: QueryClient, fails = false) {
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
      const write = useWrite({ mutationFn: () => apiCall('POST', '/api/write', z.unknown()), refreshes: () => [CLAIM] });
      return { months, write };
    },
    { wrapper },
  );
}

/** The page with its write sent and its answer held until `release()`. */
async function writeInFlight() {
  const client = createQueryClient();
  const { result } = page(client);
  await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
  let answer: () => void = () => undefined;
  server.use(http.post('/api/write', () => new Promise<Response>((r) => (answer = () => r(HttpResponse.json({}))))));
  act(() => result.current.write.mutate());
  await waitFor(() => expect(countOf('POST', '/api/write')).toBe(1));
  return { client, result, release: () => answer() };
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

  it('takes the first burst of live events about what it refreshed for its echo, within ECHO_WINDOW_MS; a later one is someone else’s change', async () => {
    const client = createQueryClient();
    const { result } = page(client);
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    const start = Date.now();
    await act(() => result.current.write.mutateAsync());
    // an event about another claim is no echo: everything it names is refreshed
    expect(keysToRefresh(client, eventAbout(['claims', 'detail', 'c2']), 'rental_debt.updated')).toEqual(
      eventAbout(['claims', 'detail', 'c2']),
    );
    // past the window: no echo either (nothing is consumed by asking)
    expect(keysToRefresh(client, eventAbout(CLAIM), 'rental_debt.updated', start + ECHO_WINDOW_MS + 1_000)).toEqual(eventAbout(CLAIM));
    // the echo: what the write refreshed (the claim, the inbox) is not asked again; the rest is
    const echo = Date.now();
    expect(keysToRefresh(client, eventAbout(CLAIM), 'rental_debt.updated', echo)).toEqual([['events'], ['claims', 'list']]);
    // the events sent with it (one burst) too
    expect(keysToRefresh(client, eventAbout(CLAIM), 'rental_debt.updated', echo + ECHO_BURST_MS - 100)).toEqual([
      ['events'],
      ['claims', 'list'],
    ]);
    // another kind of event about the same claim, even at once (a colleague applying it): applied in full
    expect(keysToRefresh(client, eventAbout(CLAIM), 'claim.updated', echo + 10)).toEqual(eventAbout(CLAIM));
    // a later event about the same claim, within the window: another user's change, applied in full
    expect(keysToRefresh(client, eventAbout(CLAIM), 'rental_debt.updated', echo + ECHO_BURST_MS + 100)).toEqual(eventAbout(CLAIM));
  });

  it('an event naming only the inbox is no echo', async () => {
    const client = createQueryClient();
    const { result } = page(client);
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    await act(() => result.current.write.mutateAsync());
    const projectEvent = [['events'], inboxKeys.all, ['projects', 'list']];
    expect(keysToRefresh(client, projectEvent, 'rental_debt.updated')).toEqual(projectEvent);
  });

  it('holds live events about its data while in flight (its own refresh follows)', async () => {
    const { client, result, release } = await writeInFlight();
    // every event about its data while in flight: held (not consumed), its refresh follows
    expect(keysToRefresh(client, eventAbout(CLAIM), 'rental_debt.updated')).toEqual([['events'], ['claims', 'list']]);
    expect(keysToRefresh(client, eventAbout(CLAIM), 'rental_debt.updated')).toEqual([['events'], ['claims', 'list']]);
    release();
    await waitFor(() => expect(result.current.write.isSuccess).toBe(true));
  });

  it('an echo that came while the write was in flight is its echo: a change made just after the write ends is applied in full', async () => {
    const { client, result, release } = await writeInFlight();
    // the partner's webhook for the declared month comes before the write's answer
    expect(keysToRefresh(client, eventAbout(CLAIM), 'rental_debt.created')).toEqual([['events'], ['claims', 'list']]);
    release();
    await waitFor(() => expect(result.current.write.isSuccess).toBe(true));
    // a second later, within the echo window, a colleague applies the claim: the inbox and the claim are asked again
    expect(keysToRefresh(client, eventAbout(CLAIM), 'claim.updated', Date.now() + ECHO_BURST_MS + 10)).toEqual(eventAbout(CLAIM));
  });

  it('a refused write still refreshes, but expects no echo: live events about the claim are applied', async () => {
    const client = createQueryClient();
    const { result } = page(client, true);
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    await act(() => result.current.write.mutateAsync().catch(() => undefined));
    expect(countOf('GET', '/api/months')).toBe(2);
    expect(keysToRefresh(client, eventAbout(CLAIM), 'rental_debt.updated')).toEqual(eventAbout(CLAIM));
  });
});
