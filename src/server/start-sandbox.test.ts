import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectBody } from '../sandbox/test/harness.js';
import { SANDBOX_DEFAULT_TOKEN, loadConfig } from './config.js';
import { startEmbeddedSandbox } from './start-sandbox.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

let dir: string;
let dashboard: Http2SecureServer;
const delivered: { type: string; signed: boolean }[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'start-sandbox-test-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1'].concat([
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]),
    { stdio: 'ignore' },
  );
  // the dashboard's port, serving HTTPS as main.ts does with a certificate: what reaches its webhook route
  dashboard = createSecureServer(
    { allowHTTP1: true, cert: readFileSync(join(dir, 'cert.pem')), key: readFileSync(join(dir, 'key.pem')) },
    (req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (d: string) => (body += d));
      req.on('end', () => {
        if (req.url === '/webhooks/partner')
          delivered.push({
            type: (JSON.parse(body) as { type: string }).type,
            signed: typeof req.headers['webhook-signature'] === 'string',
          });
        res.end('{"received":true}');
      });
    },
  );
});

afterAll(() => {
  dashboard.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded sandbox', () => {
  it('delivers its webhooks to a dashboard serving HTTPS (its own certificate)', async () => {
    await new Promise<void>((r) => dashboard.listen(0, '127.0.0.1', r));
    const sandboxPort = await freePort();
    const config = loadConfig({
      PORT: String((dashboard.address() as AddressInfo).port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: join(dir, 'data'),
      TLS_CERT_FILE: join(dir, 'cert.pem'),
      TLS_KEY_FILE: join(dir, 'key.pem'),
      LOG_LEVEL: 'silent',
    });
    const stop = await startEmbeddedSandbox(config);
    try {
      const created = await fetch(`http://127.0.0.1:${sandboxPort}/v3/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SANDBOX_DEFAULT_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(projectBody()),
      });
      expect(created.status).toBe(201);
      for (let i = 0; i < 100 && !delivered.some((d) => d.type === 'project.created'); i++) await new Promise((r) => setTimeout(r, 50));
      expect(delivered).toContainEqual({ type: 'project.created', signed: true });
    } finally {
      await stop();
    }
  }, 30_000);
});
