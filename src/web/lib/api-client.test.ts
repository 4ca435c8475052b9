import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { server } from '../test/server.js';
import { apiCall, apiUpload, newSessionEpoch, onUnauthenticated, setCsrfToken } from './api-client.js';
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
    server.use(http.get('/api/inbox', unauthorized));
    const lost = vi.fn();
    const stop = onUnauthenticated(lost);
    await expect(apiCall('GET', '/api/inbox', z.unknown())).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });

  // a fetch that ignores the abort and answers late: only a stub can play it
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
    server.use(http.post('/api/logout', unauthorized), http.post('/api/login', unauthorized));
    const lost = vi.fn();
    const stop = onUnauthenticated(lost);
    await expect(apiCall('POST', '/api/logout', z.unknown())).rejects.toMatchObject({ status: 401 });
    await expect(apiCall('POST', '/api/login', z.unknown(), { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(lost).not.toHaveBeenCalled();
    stop();
  });
});

function answer(status: number, code: string) {
  server.use(http.get('/api/v3/projects', () => HttpResponse.json({ code, message: 'raw', requestId: 'req-7' }, { status })));
}

describe('a call whose answer schema is still on its way', () => {
  it('leaves at once, and its answer is checked with the schema once it is there', async () => {
    const sent: string[] = [];
    server.use(
      http.get('/api/v1/claims', () => {
        sent.push('listClaims');
        return HttpResponse.json({ total: 1 });
      }),
    );
    let give: (schema: z.ZodType<{ total: number }>) => void = () => {};
    const schema = new Promise<z.ZodType<{ total: number }>>((resolve) => (give = resolve));
    const call = apiCall('GET', '/api/v1/claims', schema);
    await vi.waitFor(() => expect(sent).toEqual(['listClaims']));
    give(z.object({ total: z.number() }));
    await expect(call).resolves.toEqual({ total: 1 });
  });

  it('a schema whose code cannot be downloaded fails the call as the network would, retryable', async () => {
    server.use(http.get('/api/v1/claims', () => HttpResponse.json({ total: 1 })));
    const call = apiCall('GET', '/api/v1/claims', Promise.reject<z.ZodType>(new TypeError('Failed to fetch dynamically imported module')));
    await expect(call).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('the api client and the partner refusing our token', () => {
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

describe('the api client at the network layer', () => {
  const envelope = (code: string, status: number, details?: { path: string; message: string }[]) =>
    HttpResponse.json({ code, message: 'the server’s own words', requestId: 'req-9', details }, { status });

  it('turns the error envelope into an ApiError: status, catalogue code, details and request id', async () => {
    server.use(http.post('/api/v1/claims/c1/payments', () => envelope('INVALID_REQUEST', 400, [{ path: 'amount', message: 'too small' }])));
    const err = await apiCall('POST', '/api/v1/claims/c1/payments', z.unknown(), { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      requestId: 'req-9',
      details: [{ path: 'amount', message: 'too small' }],
    });
    // what the user reads is the catalogue's, never the server's text
    expect(errorMessage(err, 'fr')).toBe('Certaines informations sont invalides : corrigez les champs indiqués.');
  });

  it('an error that is no envelope (an HTML page from a proxy) keeps its status and the response’s request id', async () => {
    server.use(
      http.get(
        '/api/v3/projects',
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'px-1' } }),
      ),
    );
    const err = await apiCall('GET', '/api/v3/projects', z.unknown()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: 'UNKNOWN', requestId: 'px-1' });
    expect((err as ApiError).retryable).toBe(true);
    expect(errorMessage(err, 'fr')).toBe('Erreur inattendue (HTTP 502).');
  });

  it('a code the catalogue does not know is UNKNOWN, with its status', async () => {
    server.use(http.get('/api/v3/projects', () => envelope('E9999', 409)));
    await expect(apiCall('GET', '/api/v3/projects', z.unknown())).rejects.toMatchObject({
      status: 409,
      code: 'UNKNOWN',
      requestId: 'req-9',
    });
  });

  it('refuses a success whose body does not match the response schema, rather than passing it on', async () => {
    server.use(http.get('/api/x', () => HttpResponse.json({ items: 'not a list' }, { headers: { 'x-request-id': 'r-3' } })));
    await expect(apiCall('GET', '/api/x', z.object({ items: z.array(z.string()) }))).rejects.toMatchObject({
      status: 200,
      code: 'UNKNOWN',
      requestId: 'r-3',
    });
  });

  it('a network failure is NETWORK, which may be retried', async () => {
    server.use(http.get('/api/x', () => HttpResponse.error()));
    const err = await apiCall('GET', '/api/x', z.unknown()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK' });
    expect((err as ApiError).retryable).toBe(true);
    expect(errorMessage(err, 'fr')).toBe('Connexion au serveur impossible : vérifiez votre réseau.');
  });

  it('a 4xx is not retryable', async () => {
    server.use(http.get('/api/x', () => envelope('E0177', 404)));
    const err = await apiCall('GET', '/api/x', z.unknown()).catch((e: unknown) => e);
    expect((err as ApiError).retryable).toBe(false);
  });

  it('sends the CSRF token on writes (never on reads), JSON bodies as JSON, and the idempotency key given', async () => {
    const seen: { method: string; csrf: string | null; key: string | null; type: string | null; body: string }[] = [];
    const record = async ({ request }: { request: Request }) => {
      seen.push({
        method: request.method,
        csrf: request.headers.get('x-csrf-token'),
        key: request.headers.get('idempotency-key'),
        type: request.headers.get('content-type'),
        body: await request.text(),
      });
      return HttpResponse.json({ ok: true });
    };
    server.use(http.get('/api/x', record), http.post('/api/x', record));
    setCsrfToken('csrf-1');
    await apiCall('GET', '/api/x', z.unknown());
    await apiCall('POST', '/api/x', z.unknown(), { body: { amount: 12.5 }, idempotencyKey: 'k-1' });
    setCsrfToken('');
    expect(seen).toEqual([
      { method: 'GET', csrf: null, key: null, type: null, body: '' },
      { method: 'POST', csrf: 'csrf-1', key: 'k-1', type: 'application/json', body: '{"amount":12.5}' },
    ]);
  });

  it('sends the user to sign-in once on UNAUTHENTICATED, not on another 401 code', async () => {
    const signIn = vi.fn();
    const off = onUnauthenticated(signIn);
    try {
      server.use(http.get('/api/inbox', () => envelope('UNAUTHENTICATED', 401)));
      await expect(apiCall('GET', '/api/inbox', z.unknown())).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(signIn).toHaveBeenCalledTimes(1);
      server.use(http.get('/api/inbox', () => envelope('FORBIDDEN_ROLE', 403)));
      await expect(apiCall('GET', '/api/inbox', z.unknown())).rejects.toMatchObject({ code: 'FORBIDDEN_ROLE' });
      expect(signIn).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });
});

describe('apiUpload, the one upload with progress', () => {
  it('sends the form with the session’s CSRF token and gives the checked answer', async () => {
    let token: string | null = null;
    let body = '';
    server.use(
      http.post('/api/v3/projects/p1/documents', async ({ request }) => {
        token = request.headers.get('x-csrf-token');
        // the multipart body as it travels: Node 24's undici parses no jsdom File back into a form, nor
        // sends its bytes (the file's own journey is the end-to-end tests', in Chromium)
        body = await request.text();
        return HttpResponse.json({ id: 'd1' }, { status: 201 });
      }),
    );
    setCsrfToken('csrf-1');
    const form = new FormData();
    form.append('documentType', '3');
    form.append('file', new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' }));
    await expect(apiUpload('/api/v3/projects/p1/documents', form, z.object({ id: z.string() }))).resolves.toEqual({ id: 'd1' });
    expect(token).toBe('csrf-1');
    expect(body).toMatch(/name="documentType"\r\n\r\n3\r\n/);
    expect(body).toMatch(/name="file"; filename="[^"]+"\r\nContent-Type: application\/pdf\r\n/);
  });

  it('fails as any call does: the catalogue’s code, and a 401 sends the user to sign-in', async () => {
    server.use(
      http.post('/api/v3/projects/p1/documents', () =>
        HttpResponse.json({ code: 'E0145', message: 'too large', requestId: 'r2' }, { status: 413 }),
      ),
      http.post('/api/v3/projects/p2/documents', () => unauthorized()),
    );
    await expect(apiUpload('/api/v3/projects/p1/documents', new FormData(), z.unknown())).rejects.toMatchObject({
      code: 'E0145',
      status: 413,
    });
    const lost = vi.fn();
    const stop = onUnauthenticated(lost);
    await expect(apiUpload('/api/v3/projects/p2/documents', new FormData(), z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops when cancelled, and when the session ends', async () => {
    server.use(http.post('/api/v3/projects/p1/documents', () => new Promise<Response>(() => {})));
    const cancel = new AbortController();
    const upload = apiUpload('/api/v3/projects/p1/documents', new FormData(), z.unknown(), { signal: cancel.signal });
    cancel.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    const other = apiUpload('/api/v3/projects/p1/documents', new FormData(), z.unknown());
    newSessionEpoch();
    await expect(other).rejects.toMatchObject({ name: 'AbortError' });
  });
});
