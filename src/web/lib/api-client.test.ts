import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall, onUnauthenticated } from './api-client.js';
import { ApiError } from './api-error.js';
import { errorMessage } from './error-messages.js';

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
