import Fastify, { type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { may } from '../../contract/access.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { OPERATIONS } from '../../contract/paths.js';
import { ROLES, type Role } from '../../contract/session.js';
import { BACK_OFFICE_STEPS } from '../routes/backoffice.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';
import { accessPlugin, type AccessNeed, type RouteAccess } from './plugin.js';
import type { ProjectScope } from './scope.js';

/** An id nobody knows: a project of it is outside any scope. */
const UNKNOWN = '00000000-0000-4000-8000-0000000000aa';

/**
 * What a route needs for its access to be the one it declares: the query naming the project it
 * reads, the valid body of a change (a project's scope is checked once the request is validated).
 */
const QUERIES: Record<string, string> = { '/api/audit/history': `projectId=${UNKNOWN}` };
const BODIES: Record<string, unknown> = { 'PUT /api/assignments/:kind/:id': { userId: 'me' } };

/** The addresses a route answers: its own with its parameters filled, or each operation of a wildcard. */
function addressesOf(url: string, method: string): string[] {
  const fill = (path: string) => path.replace(/:([a-zA-Z]+)/g, (_, name: string) => (name === 'kind' ? 'project' : UNKNOWN));
  const under = (prefix: string, paths: readonly { method: string; path: string }[]) =>
    paths.filter((p) => p.method === method && p.path.startsWith(prefix)).map((p) => `/api${fill(p.path)}`);
  if (url === '/api/v1/*') return under('/v1/', OPERATIONS);
  if (url === '/api/v3/*') return under('/v3/', OPERATIONS);
  if (url === '/api/sandbox/*') return under('/sandbox/', BACK_OFFICE_STEPS);
  if (url.includes('*')) throw new Error(`${url}: a wildcard route this test cannot call yet (add its operations to addressesOf)`);
  const query = QUERIES[url];
  return [fill(url) + (query ? `?${query}` : '')];
}

/** What the route's declaration asks of a request to this address (a request as the hook sees it, its path and query parsed). */
function needOf(access: RouteAccess, method: string, address: string, params: Record<string, string>): AccessNeed | 'open' | 'session' {
  if (access === 'public' || access === 'credential') return 'open';
  if (access === 'signedIn') return 'session';
  const url = new URL(address, 'http://x');
  const req = {
    method,
    url: address,
    raw: { url: address },
    params,
    query: Object.fromEntries(url.searchParams),
  } as unknown as FastifyRequest;
  if ('by' in access) return access.by(req) ?? 'session';
  const project = access.project?.(req);
  return { action: access.action, project: typeof project === 'string' ? project : null };
}

/** The answer the declaration calls for: refused (and how), or let through to the route. */
function expected(
  need: AccessNeed | 'open' | 'session',
  role: Role | null,
): 'UNAUTHENTICATED' | 'FORBIDDEN_ROLE' | 'OUT_OF_SCOPE' | 'through' {
  if (need === 'open') return 'through';
  if (role === null) return 'UNAUTHENTICATED';
  if (need === 'session') return 'through';
  if (need.action && !may(role, need.action)) return 'FORBIDDEN_ROLE';
  if (need.project && !may(role, 'project.readAll')) return 'OUT_OF_SCOPE';
  return 'through';
}

let s: TestServer;
const callers = new Map<Role | null, Client>();

beforeAll(async () => {
  s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
  callers.set(null, s.client());
  for (const role of ROLES) callers.set(role, await s.signedIn(role));
});
afterAll(() => s.close());

/** Status and error code only: a stream (the live events, a file) is not read. */
async function answer(c: Client, method: string, address: string, body: unknown): Promise<{ status: number; code: string | null }> {
  const res = await fetch(s.url + address, {
    method,
    headers: {
      origin: c.origin,
      ...(c.cookie ? { cookie: c.cookie } : {}),
      ...(c.csrf ? { 'x-csrf-token': c.csrf } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status < 400 || !(res.headers.get('content-type') ?? '').includes('json')) {
    await res.body?.cancel();
    return { status: res.status, code: null };
  }
  return { status: res.status, code: ((await res.json()) as ErrorEnvelope).code };
}

describe('who may call what', () => {
  it('answers every route of the server as its declaration says, to each role and to nobody', async () => {
    const undeclared = s.routes.filter((r) => !r.config?.access).map((r) => `${String(r.method)} ${r.url}`);
    expect(undeclared).toEqual([]);
    const calls = s.routes.flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method])
        // a HEAD is its GET's route, answered as it
        .filter((m) => m !== 'HEAD')
        .flatMap((method) => addressesOf(r.url, method).map((address) => ({ method, address, route: r })))
        .map((c) => {
          const params: Record<string, string> = {};
          for (const name of c.route.url.match(/:[a-zA-Z]+/g) ?? []) params[name.slice(1)] = name === ':kind' ? 'project' : UNKNOWN;
          return { ...c, need: needOf(c.route.config?.access as RouteAccess, c.method, c.address, params) };
        }),
    );
    // signing out ends the session the calls after it would use
    calls.sort((a, b) => Number(a.address === '/api/logout') - Number(b.address === '/api/logout'));
    expect(calls.length).toBeGreaterThan(90);
    const wrong: string[] = [];
    const seen = new Set<string>();
    for (const c of calls) {
      await Promise.all(
        [...callers].map(async ([role, client]) => {
          const want = expected(c.need, role);
          const got = await answer(client, c.method, c.address, BODIES[`${c.method} ${c.route.url}`]);
          seen.add(want);
          const refused = got.status === 401 || got.status === 403;
          const ok = want === 'through' ? !refused : got.code === want && got.status === (want === 'UNAUTHENTICATED' ? 401 : 403);
          if (!ok) wrong.push(`${c.method} ${c.address} as ${role ?? 'nobody'}: ${want}, answered ${got.status} ${got.code ?? ''}`);
        }),
      );
    }
    expect(wrong).toEqual([]);
    // every kind of answer was called for at least once (a declaration read wrongly would make them all "through")
    expect([...seen].sort()).toEqual(['FORBIDDEN_ROLE', 'OUT_OF_SCOPE', 'UNAUTHENTICATED', 'through']);
  });

  it('refuses to start with a route that declares no access', async () => {
    const app = Fastify();
    await app.register(fp(async () => undefined, { name: 'auth' }));
    await app.register(fp(async () => undefined, { name: 'audit' }));
    await app.register(accessPlugin, { scope: {} as ProjectScope });
    const routes = app.register(async (api) => {
      api.get('/api/declared', { config: { access: 'signedIn' } }, async () => 'ok');
      api.get('/api/forgotten', async () => 'ok');
    });
    await expect(routes).rejects.toThrow('GET /api/forgotten declares no access');
  });
});
