import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import type { SandboxOptions } from '../../sandbox/app.js';
import { buildServer, type DashboardServer, type ServerOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { DEMO_PASSWORD } from '../auth/users.js';

export interface Client {
  call: <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: T; headers: Headers; text: string }>;
  login: (email: string, password?: string) => Promise<number>;
  csrf: string;
  cookie: string;
  /** The Origin header sent (the server's own URL unless changed). */
  origin: string;
}

export interface TestServer extends DashboardServer {
  url: string;
  config: Config;
  sandbox: TestSandbox | null;
  hits: string[];
  client: () => Client;
  signedIn: (role: 'manager' | 'staff' | 'intermediary') => Promise<Client>;
  close: () => Promise<void>;
}

export async function startServer(
  options: { sandbox?: Partial<SandboxOptions> | false; env?: Record<string, string>; server?: Partial<ServerOptions> } = {},
): Promise<TestServer> {
  const hits: string[] = [];
  const sandbox =
    options.sandbox === false ? null : await startSandbox({ seed: false, ...options.sandbox, onRequest: (m, u) => hits.push(`${m} ${u}`) });
  const dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SANDBOX_PORT: sandbox ? new URL(sandbox.url).port : '1',
    STATIC_DIR: join(dataDir, 'no-dist'),
    ...options.env,
  });
  const server = await buildServer({ config, logger: false, ...options.server });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;

  const client = (): Client => {
    const c: Client = {
      csrf: '',
      cookie: '',
      origin: url,
      async call(method, path, body, headers = {}) {
        const all: Record<string, string> = {
          origin: c.origin,
          ...(c.cookie ? { cookie: c.cookie } : {}),
          ...(c.csrf ? { 'x-csrf-token': c.csrf } : {}),
          ...headers,
        };
        const h = Object.fromEntries(Object.entries(all).filter(([, v]) => v !== ''));
        let payload: BodyInit | undefined;
        if (body instanceof FormData) payload = body;
        else if (body !== undefined) {
          h['content-type'] ??= 'application/json';
          payload = typeof body === 'string' ? body : JSON.stringify(body);
        }
        const res = await fetch(url + path, { method, headers: h, body: payload });
        const setCookie = res.headers.get('set-cookie');
        if (setCookie) c.cookie = setCookie.split(';')[0] ?? '';
        const text = await res.text();
        let parsed: unknown = text;
        if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
        return { status: res.status, body: parsed as never, headers: res.headers, text };
      },
      async login(email, password = DEMO_PASSWORD) {
        const res = await c.call('POST', '/api/login', { email, password });
        if (res.status === 200) c.csrf = (await c.call<{ csrfToken: string }>('GET', '/api/session')).body.csrfToken;
        return res.status;
      },
    };
    return c;
  };

  return {
    ...server,
    url,
    config,
    sandbox,
    hits,
    client,
    async signedIn(role) {
      const c = client();
      const email = { manager: 'manager@demo-agency.fr', staff: 'staff@demo-agency.fr', intermediary: 'intermediary@demo-agency.fr' }[role];
      if ((await c.login(email)) !== 200) throw new Error(`login failed for ${role}`);
      return c;
    },
    async close() {
      await server.app.close();
      await sandbox?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A form as the app sends an upload: its fields, then the file (named `name`) when given. */
export function uploadForm(fields: Record<string, string>, file?: Uint8Array<ArrayBuffer>, name = 'doc.pdf'): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('file', new Blob([file]), name);
  return f;
}

/**
 * For a test file: a server and its sandbox (clock on 2026-06-15) started before its tests and
 * closed after, and a client signed in as `role`; read them inside the tests.
 */
export function serverForTests(role: 'manager' | 'staff' | 'intermediary'): { s: TestServer; client: Client } {
  const ctx = {} as { s: TestServer; client: Client };
  beforeAll(async () => {
    ctx.s = await startServer({ sandbox: { now: () => new Date('2026-06-15T10:00:00Z') } });
    ctx.client = await ctx.s.signedIn(role);
  });
  afterAll(() => ctx.s.close());
  return ctx;
}
