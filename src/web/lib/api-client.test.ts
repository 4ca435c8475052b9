import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall, newSessionEpoch, onUnauthenticated } from './api-client.js';

const unauthorized = () =>
  new Response(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'no session', requestId: 'r1' }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });

describe('apiCall and the session epoch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the user to sign-in on a 401 of the current session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => unauthorized()),
    );
    const lost = vi.fn();
    const stop = onUnauthenticated(lost);
    await expect(apiCall('GET', '/api/inbox', z.unknown())).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });

  it('ignores a late 401 to a call made before a sign-in, and cancels such calls', async () => {
    let answer: (r: Response) => void = () => {};
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_path: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    const lost = vi.fn();
    const stop = onUnauthenticated(lost);
    const call = apiCall('GET', '/api/session', z.unknown());
    newSessionEpoch(); // the user signs in
    expect(signal?.aborted).toBe(true);
    answer(unauthorized()); // the old answer lands anyway (a fetch that ignored the abort)
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(lost).not.toHaveBeenCalled();
    stop();
  });

  it('does not treat a 401 to sign-in or sign-out as a lost session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => unauthorized()),
    );
    const lost = vi.fn();
    const stop = onUnauthenticated(lost);
    await expect(apiCall('POST', '/api/logout', z.unknown())).rejects.toMatchObject({ status: 401 });
    await expect(apiCall('POST', '/api/login', z.unknown(), { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(lost).not.toHaveBeenCalled();
    stop();
  });
});
