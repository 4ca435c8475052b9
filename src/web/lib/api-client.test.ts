import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall, newSessionEpoch, onUnauthenticated } from './api-client.js';
import { ApiError } from './api-error.js';
import { errorMessage } from './error-messages.js';

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

function answer(status: number, code: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code, message: 'raw', requestId: 'req-7' }), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the api client and the partner refusing our token (issue 11, point 3)', () => {
  it('does not send the user to sign-in on UPSTREAM_AUTH: an error the page shows inline', async () => {
    const signIn = vi.fn();
    const off = onUnauthenticated(signIn);
    try {
      for (const status of [502, 401]) {
        answer(status, 'UPSTREAM_AUTH');
        const err = await apiCall('GET', '/api/v3/projects', z.unknown()).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).code).toBe('UPSTREAM_AUTH');
        expect(errorMessage(err, 'fr')).toMatch(/^Le service partenaire refuse la clé d’accès du tableau de bord\. Vous restez connecté/);
        expect(errorMessage(err, 'en')).toMatch(/^The partner service refuses the dashboard’s access key\. You are still signed in/);
      }
      expect(signIn).not.toHaveBeenCalled();
      answer(401, 'UNAUTHENTICATED');
      await apiCall('GET', '/api/v3/projects', z.unknown()).catch(() => undefined);
      expect(signIn).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });
});
