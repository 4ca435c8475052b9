import { QueryClientProvider, useQuery, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TODAY_EVENT, type PartnerEvent } from '../../../../contract/session.js';
import { apiCall } from '../../../lib/api-client.js';
import { useWrite } from '../../../lib/own-writes.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { FakeEventSource } from '../../../test/event-source.js';
import { countOf, server } from '../../../test/server.js';
import { BEAT_MS, PARTNER_EVENT, REOPEN_MS, SILENCE_MS, useLiveEvents } from './use-live-events.js';

/** What the pages are told (the window event), listened to for each test. */
const told = vi.fn();
beforeEach(() => window.addEventListener(PARTNER_EVENT, told));
afterEach(() => {
  vi.unstubAllGlobals();
  window.removeEventListener(PARTNER_EVENT, told);
  told.mockReset();
});

// each event a number of its own, as the server's log gives them (a tab skips one it has had)
let seq = 0;
/** An event as the server streams it: `write`, the id of this person's write whose result it reports (the server's word). */
const event = (type: string, data: Record<string, unknown>, write: string | null = null): PartnerEvent => ({
  seq: ++seq,
  id: 'e1',
  type,
  createdAt: '',
  receivedAt: '',
  data,
  own: write !== null,
  write,
});
const claimKey = (id: string): QueryKey => ['claims', 'detail', id];
const affected = (e: PartnerEvent): QueryKey[] => [claimKey(String(e.data.claimId))];
/** The server's stream sends an event about a claim (reporting the result of `write`, when given). */
const send = (type: string, claimId: string, write: string | null = null) =>
  act(() => FakeEventSource.current?.emit(event(type, { claimId }, write)));

/** A page that listens to the stream, reads two claims and can write to the first; returned once it has read them. */
async function live(checkSession: () => Promise<boolean> = () => Promise.resolve(true)) {
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.opened = 0;
  server.use(
    http.get('/api/c1', () => HttpResponse.json({})),
    http.get('/api/c2', () => HttpResponse.json({})),
    http.post('/api/write', () => HttpResponse.json({})),
  );
  const client = createQueryClient();
  // the ids the writes were sent with (the server names them in the events that report their result)
  const writes: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(
    () => {
      const state = useLiveEvents('staff@demo-agency.fr', affected, checkSession);
      const c1 = useQuery({ queryKey: [...claimKey('c1'), 'debts'], queryFn: () => apiCall('GET', '/api/c1', z.unknown()) });
      useQuery({ queryKey: [...claimKey('c2'), 'debts'], queryFn: () => apiCall('GET', '/api/c2', z.unknown()) });
      const write = useWrite({
        mutationFn: (_, id) => {
          writes.push(id);
          return apiCall('POST', '/api/write', z.unknown(), { write: id });
        },
        refreshes: () => [claimKey('c1')],
      });
      return { state, c1, write };
    },
    { wrapper },
  );
  await waitFor(() => expect(view.result.current.c1.isSuccess).toBe(true));
  return { ...view, writes };
}

describe('live partner events', () => {
  it('refresh the data they concern and tell the pages', async () => {
    const { result } = await live();
    act(() => FakeEventSource.current?.onopen?.());
    expect(result.current.state).toBe('open');
    send('rental_debt.updated', 'c2');
    await waitFor(() => expect(countOf('GET', '/api/c2')).toBe(2));
    expect(countOf('GET', '/api/c1')).toBe(1);
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('do not refresh again what a write of this tab refreshed when the server says they report its result, however late they come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { result, writes } = await live();
      await act(() => result.current.write.mutateAsync());
      expect(countOf('GET', '/api/c1')).toBe(2);
      // the partner retried its webhook: the write's result comes a minute later, twice (a payment spread over two months)
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      send('rental_debt.updated', 'c1', writes[0] ?? null);
      send('claim.updated', 'c1', writes[0] ?? null);
      // a change to another claim at the same time is refreshed
      send('claim.updated', 'c2');
      await waitFor(() => expect(countOf('GET', '/api/c2')).toBe(2));
      expect(countOf('GET', '/api/c1')).toBe(2);
      // right after, a change to the same claim that the server does not say is this write's (a colleague's): refreshed
      send('rental_debt.updated', 'c1');
      await waitFor(() => expect(countOf('GET', '/api/c1')).toBe(3));
      // the same person's write from another tab: this tab did not refresh after it
      send('rental_debt.updated', 'c1', 'another-tab-write');
      await waitFor(() => expect(countOf('GET', '/api/c1')).toBe(4));
      // the pages are told of every one, with the server's word on whose they are
      expect(told.mock.calls.map(([m]) => (m as CustomEvent<PartnerEvent>).detail.own)).toEqual([true, true, false, false, true]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an event that comes while the write is in flight, reporting its result, is not asked again: the write refreshes when it ends', async () => {
    const { result, writes } = await live();
    let answer: () => void = () => undefined;
    server.use(http.post('/api/write', () => new Promise<Response>((r) => (answer = () => r(HttpResponse.json({}))))));
    act(() => result.current.write.mutate());
    await waitFor(() => expect(countOf('POST', '/api/write')).toBe(1));
    // the partner's webhook for the change comes before the write's answer
    send('rental_debt.created', 'c1', writes[0] ?? null);
    act(() => answer());
    await waitFor(() => expect(result.current.write.isSuccess).toBe(true));
    await waitFor(() => expect(countOf('GET', '/api/c1')).toBe(2));
    // a change just after the write ended that is someone else's is applied
    send('claim.updated', 'c1');
    await waitFor(() => expect(countOf('GET', '/api/c1')).toBe(3));
  });

  it('the partner’s today moving (the sandbox’s clock) reads every page’s data again', async () => {
    await live();
    act(() => FakeEventSource.current?.emitAs(TODAY_EVENT, {}));
    await waitFor(() => expect([countOf('GET', '/api/c1'), countOf('GET', '/api/c2')]).toEqual([2, 2]));
  });

  it('ignore a message that is no partner event', async () => {
    await live();
    act(() => FakeEventSource.current?.emit({ type: 'nonsense' }));
    expect(countOf('GET', '/api/c1')).toBe(1);
  });

  it('when the browser gives up on the stream, check the session instead of showing "reconnecting" for ever', async () => {
    const checkSession = vi.fn(() => Promise.resolve(false));
    const { result } = await live(checkSession);
    const first = FakeEventSource.current;
    act(() => first?.fail());
    expect(result.current.state).toBe('reconnecting');
    await waitFor(() => expect(checkSession).toHaveBeenCalledTimes(1));
    // the session ended: the app goes to sign-in, no new stream is opened
    expect(FakeEventSource.opened).toBe(1);
  });

  it('open the stream again when the session still holds after the browser gave up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const checkSession = vi.fn(() => Promise.resolve(true));
      const { result } = await live(checkSession);
      act(() => FakeEventSource.current?.fail());
      await waitFor(() => expect(checkSession).toHaveBeenCalledTimes(1));
      await act(() => vi.advanceTimersByTimeAsync(REOPEN_MS));
      expect(FakeEventSource.opened).toBe(2);
      act(() => FakeEventSource.current?.onopen?.());
      expect(result.current.state).toBe('open');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leave a stream the browser is retrying by itself alone (no session check)', async () => {
    const checkSession = vi.fn(() => Promise.resolve(true));
    await live(checkSession);
    act(() => FakeEventSource.current?.onerror?.());
    expect(checkSession).not.toHaveBeenCalled();
  });
});

/** The browser's Web Locks, as far as the streaming tab uses them: one holder, a line, and stealing. */
class FakeLocks {
  private holder: { fail: (e: unknown) => void } | null = null;
  private line: (() => void)[] = [];
  request(_name: string, options: LockOptions, cb: () => Promise<void>): Promise<void> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        const me = { fail: reject };
        this.holder = me;
        void cb().then(() => {
          if (this.holder !== me) return;
          this.holder = null;
          this.line.shift()?.();
          resolve();
        });
      };
      if (options.steal) {
        this.holder?.fail(new DOMException('stolen', 'AbortError'));
        grant();
      } else if (!this.holder) grant();
      else {
        this.line.push(grant);
        options.signal?.addEventListener('abort', () => {
          this.line = this.line.filter((g) => g !== grant);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }
    });
  }
}

describe('one stream shared by the tabs of a browser', () => {
  const tab = (owner: string, client = createQueryClient()) =>
    renderHook(() => useLiveEvents(owner, affected, () => Promise.resolve(true)), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
  beforeEach(() => {
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks: new FakeLocks() }));
    FakeEventSource.opened = 0;
  });

  it('one tab streams and relays; a tab showing another user never acts on what it relays', async () => {
    tab('staff@demo-agency.fr');
    tab('manager@demo-agency.fr');
    tab('staff@demo-agency.fr');
    expect(FakeEventSource.opened).toBe(1);
    send('claim.updated', 'c1');
    // the streaming tab and the other tab of the same user; the manager's tab, told after them by the same channel, not
    await waitFor(() => expect(told).toHaveBeenCalledTimes(2));
    send('claim.updated', 'c2');
    await waitFor(() => expect(told).toHaveBeenCalledTimes(4));
  });

  it('the reader’s unread count reaches every tab of hers, never a tab showing someone else', async () => {
    const counts = { staff: [] as number[], other: [] as number[], manager: [] as number[] };
    const counting = (owner: string, into: number[]) =>
      renderHook(
        () =>
          useLiveEvents(
            owner,
            affected,
            () => Promise.resolve(true),
            (c) => into.push(c.unread),
          ),
        {
          wrapper: ({ children }: { children: ReactNode }) => (
            <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
          ),
        },
      );
    counting('staff@demo-agency.fr', counts.staff);
    counting('manager@demo-agency.fr', counts.manager);
    counting('staff@demo-agency.fr', counts.other);
    act(() => FakeEventSource.current?.emitAs('notifications', { unread: 3 }));
    await waitFor(() => expect(counts).toEqual({ staff: [3], other: [3], manager: [] }));
    // a message that is no count is ignored
    act(() => FakeEventSource.current?.emitAs('notifications', { unread: 'many' }));
    act(() => FakeEventSource.current?.emitAs('notifications', { unread: 4 }));
    await waitFor(() => expect(counts).toEqual({ staff: [3, 4], other: [3, 4], manager: [] }));
  });

  it('the partner’s today moving reaches every tab of the reader, never a tab showing someone else', async () => {
    const clients = { staff: createQueryClient(), other: createQueryClient(), manager: createQueryClient() };
    for (const c of Object.values(clients)) c.setQueryData(claimKey('c1'), {});
    tab('staff@demo-agency.fr', clients.staff);
    tab('manager@demo-agency.fr', clients.manager);
    tab('staff@demo-agency.fr', clients.other);
    act(() => FakeEventSource.current?.emitAs(TODAY_EVENT, {}));
    const stale = () => Object.values(clients).map((c) => c.getQueryState(claimKey('c1'))?.isInvalidated);
    await waitFor(() => expect(stale()).toEqual([true, true, false]));
  });

  it('when the streaming tab closes, another resumes from the last event it relayed', async () => {
    const first = tab('staff@demo-agency.fr');
    tab('staff@demo-agency.fr');
    act(() => FakeEventSource.current?.emit({ ...event('claim.updated', { claimId: 'c1' }), seq: 41 }));
    await waitFor(() => expect(told).toHaveBeenCalledTimes(2));
    first.unmount();
    await waitFor(() => expect(FakeEventSource.opened).toBe(2));
    expect(FakeEventSource.current?.url).toBe('/api/events?lastEventId=41');
    // a repeat of what the tab already had is skipped
    act(() => FakeEventSource.current?.emit({ ...event('claim.updated', { claimId: 'c1' }), seq: 41 }));
    act(() => FakeEventSource.current?.emit({ ...event('claim.updated', { claimId: 'c1' }), seq: 42 }));
    await waitFor(() => expect(told).toHaveBeenCalledTimes(3));
  });

  it('a streaming tab that falls silent (frozen, it keeps its lock) is replaced', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // a tab froze holding the lock: it never speaks again
      void navigator.locks.request('pd.live-events', {}, () => new Promise<void>(() => undefined)).catch(() => undefined);
      const { result } = tab('staff@demo-agency.fr');
      expect(FakeEventSource.opened).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(SILENCE_MS + BEAT_MS));
      expect(FakeEventSource.opened).toBe(1);
      act(() => FakeEventSource.current?.onopen?.());
      expect(result.current).toBe('open');
    } finally {
      vi.useRealTimers();
    }
  });
});
