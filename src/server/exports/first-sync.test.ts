import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

/** A partner behind a proxy's error page: every list read answers HTML, so the first sync never completes. */
const TOKEN = 'metrics-token-for-the-test';
let partner: Server;
let s: TestServer;
let staff: Client;
beforeAll(async () => {
  partner = createServer((req, res) => {
    if (req.url?.startsWith('/sandbox/clock'))
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"today":"2026-06-15"}');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><h1>Maintenance</h1>');
  });
  await new Promise<void>((r) => partner.listen(0, '127.0.0.1', r));
  s = await startServer({
    sandbox: false,
    env: { SANDBOX_PORT: String((partner.address() as AddressInfo).port), METRICS_TOKEN: TOKEN },
  });
  staff = await s.signedIn('staff');
  await expect(s.sync.runInitial()).rejects.toThrow();
});
afterAll(async () => {
  await s.close();
  partner.close();
});

describe('exports before the first sync has completed', () => {
  it.each(['/api/exports/projects.csv', '/api/exports/claims.csv'])(
    '%s answers 503 FIRST_SYNC_PENDING with Retry-After and the partner’s last answer, not an empty file',
    async (path) => {
      const res = await staff.call<ErrorEnvelope>('GET', path);
      expect([res.status, res.body.code]).toEqual([503, 'FIRST_SYNC_PENDING']);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body.details?.[0]?.path).toBe('partner');
      expect(res.body.message).toContain(res.body.details?.[0]?.message);
    },
  );

  it('tells the operator: /readyz and the metrics say never synced', async () => {
    const ready = await staff.call<{ sync: string }>('GET', '/readyz');
    expect(ready.body.sync).toBe('never synced');
    const metrics = await staff.call('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` });
    expect(metrics.text).toMatch(/^dashboard_read_model_first_sync_completed 0$/m);
  });
});
