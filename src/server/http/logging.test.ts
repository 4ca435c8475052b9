import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectBody } from '../../sandbox/test/harness.js';
import { SANDBOX_DEFAULT_TOKEN } from '../config.js';
import { SessionStore } from '../auth/sessions.js';
import { migrate, openDatabase } from '../db/db.js';
import { freshDatabase, startServer, type TestServer } from '../test/harness.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const lines: string[] = [];
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ env: { LOG_LEVEL: 'trace' }, server: { logger: { write: (line: string) => void lines.push(line) } } });
});
afterAll(() => s.close());

describe('logs', () => {
  it('are structured, carry the request id, and never contain the token, cookies or CSRF tokens', async () => {
    const c = await s.signedIn('manager');
    await c.call('POST', '/api/v3/projects', projectBody(), { 'x-request-id': 'log-trace-1' });
    await c.call('GET', '/api/v3/projects/00000000-0000-4000-8000-000000000000');
    expect(lines.length).toBeGreaterThan(4);
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: { headers?: Record<string, string> } });
    expect(parsed.some((l) => l.reqId === 'log-trace-1')).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(SANDBOX_DEFAULT_TOKEN);
    expect(all).not.toContain(c.cookie.split('=')[1] ?? 'never');
    expect(all).not.toContain(c.csrf);
  });
});

describe('the access log', () => {
  it('says each request once, when answered: method, URL, status, time and the forwarded operation', async () => {
    const c = await s.signedIn('manager');
    const from = lines.length;
    await c.call('GET', '/api/v3/projects?pageSize=5', undefined, { 'x-request-id': 'log-once-1' });
    const mine = lines
      .slice(from)
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; req?: { method: string; url: string }; res?: { statusCode: number } })
      .filter((l) => l.reqId === 'log-once-1');
    expect(mine.map((l) => l.msg)).toEqual(['request completed']);
    expect(mine[0]).toMatchObject({
      req: { method: 'GET', url: '/api/v3/projects?pageSize=5' },
      res: { statusCode: 200 },
      operation: 'listProjects',
    });
    expect(mine[0]).toHaveProperty('responseTime');
  });
});

describe('sessions', () => {
  it('expire after the idle limit and are kept alive by activity', async () => {
    let now = 1_000_000;
    const database = await freshDatabase();
    const { db, dialect, close } = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'sess-')), databaseUrl: database.url });
    try {
      await migrate(db, dialect);
      const store = new SessionStore(db, { idleMs: 60_000, absoluteMs: 3_600_000 }, () => now);
      const { id } = await store.create('a@b.fr');
      now += 50_000;
      expect((await store.touch(id))?.email).toBe('a@b.fr');
      now += 50_000;
      expect((await store.touch(id))?.email).toBe('a@b.fr');
      now += 60_001;
      expect(await store.touch(id)).toBeUndefined();
      expect(await store.touch(id)).toBeUndefined();
    } finally {
      await close();
      await database.drop();
    }
  });
});
