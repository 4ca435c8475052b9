import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookHeaders } from '../platform/webhook-signing.js';
import { hashPassword } from './auth/passwords.js';

/**
 * `npm start` given a certificate: main.ts in its own process with TLS_CERT_FILE and TLS_KEY_FILE
 * (a throwaway certificate made here by openssl), in live mode on a fake partner. Browsers speak
 * HTTP/2 to it, older clients HTTP/1.1, on the same port.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

const SECRET = `whsec_${Buffer.from('https-test-webhook-secret').toString('base64')}`;
let dir: string;
let cert: Buffer;
let child: ChildProcess;
let origin: string;
let stderr = '';
let exited: Promise<number | null>;
let projectReads = 0;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const sessions: ClientHttp2Session[] = [];

/** An HTTP/2 session to the server, trusting the test's certificate. */
function h2(): ClientHttp2Session {
  const session = connect(origin, { ca: cert });
  sessions.push(session);
  return session;
}

interface H2Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One HTTP/2 request on a session, read whole. */
function h2Request(session: ClientHttp2Session, headers: Record<string, string>, body?: string): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, { endStream: body === undefined });
    let answer: IncomingHttpHeaders = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => (answer = h));
    stream.on('data', (d: string) => (text += d));
    stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, text }));
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'https-test-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(join(dir, 'cert.pem'));
  // the built app, its script pre-compressed as the build writes it
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'dist', 'assets', 'index-abc.js'), SCRIPT);
  writeFileSync(join(dir, 'dist', 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
  // the partner: every list empty, the projects' after 1.5 s (a read in flight when the server stops)
  const partner = createServer((req, res) => {
    req.resume();
    if (req.url?.startsWith('/v3/projects')) projectReads++;
    setTimeout(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[],"page":1,"pageSize":20,"total":0}'),
      req.url?.startsWith('/v3/projects') ? 1500 : 0,
    );
  });
  await new Promise<void>((r) => partner.listen(0, '127.0.0.1', r));
  partner.unref();
  const users = join(dir, 'users.json');
  writeFileSync(
    users,
    JSON.stringify({ users: [{ email: 'ops@demo.fr', name: 'Ops', role: 'manager', passwordHash: await hashPassword('ops-password-1') }] }),
  );
  const port = await freePort();
  origin = `https://localhost:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      TLS_CERT_FILE: join(dir, 'cert.pem'),
      TLS_KEY_FILE: join(dir, 'key.pem'),
      DATA_DIR: join(dir, 'data'),
      STATIC_DIR: join(dir, 'dist'),
      PARTNER_API_BASE_URL: `http://127.0.0.1:${(partner.address() as AddressInfo).port}`,
      PARTNER_API_TOKEN: 'sk_test_https',
      PARTNER_WEBHOOK_SECRET: SECRET,
      SESSION_SECRET: 's'.repeat(40),
      USERS_FILE: users,
      PUBLIC_ORIGIN: origin,
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '8000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 300; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const session = connect(origin, { ca: cert });
      session.on('error', () => resolve(false));
      const s = session.request({ ':path': '/healthz' });
      s.on('response', (h) => resolve(h[':status'] === 200));
      s.on('error', () => resolve(false));
      s.on('close', () => session.close());
      s.resume();
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start: ${stderr}`);
}, 60_000);

afterAll(() => {
  for (const s of sessions) s.destroy();
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** One HTTP/2 request read as bytes. */
function h2Bytes(session: ClientHttp2Session, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    const chunks: Buffer[] = [];
    let answer: IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (d: Buffer) => chunks.push(d));
    stream.on('end', () => resolve({ headers: answer, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
  });
}

describe('HTTPS with a certificate (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  it('sends a hashed asset pre-compressed and cached for a year over HTTP/2, and compresses API answers for a browser on this machine (no proxy beside the server)', async () => {
    const session = h2();
    const asset = await h2Bytes(session, { ':path': '/assets/index-abc.js', 'accept-encoding': 'br, gzip' });
    expect(asset.headers[':status']).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.body).toString()).toBe(SCRIPT);
    const page = await h2Bytes(session, { ':path': '/claims/1', accept: 'text/html' });
    expect([page.headers[':status'], page.headers['cache-control']]).toEqual([200, 'no-cache']);
    const api = await h2Bytes(session, { ':path': '/api/openapi.json', 'accept-encoding': 'br, gzip' });
    expect(api.headers[':status']).toBe(200);
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(api.body).toString())).toMatchObject({ openapi: expect.any(String) });
  });

  it('answers HTTP/2 and HTTP/1.1 on the same port; signs in with a Secure cookie; refuses a foreign origin; streams events over HTTP/2; stops gracefully', async () => {
    const session = h2();
    const alpn = await new Promise<string | false | undefined>((resolve) => session.once('connect', () => resolve(session.alpnProtocol)));
    expect(alpn).toBe('h2');
    const health = await h2Request(session, { ':path': '/healthz' });
    expect(health.status).toBe(200);

    // an older client: HTTP/1.1 over TLS, same port
    const http1 = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      const req = httpsRequest(`${origin}/healthz`, { ca: cert, agent: new HttpsAgent({ keepAlive: true, ca: cert }) }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(http1).toEqual({ status: 200, version: '1.1' });

    // signing in over HTTP/2: the session cookie is Secure (COOKIE_SECURE auto: the request is HTTPS)
    const credentials = JSON.stringify({ email: 'ops@demo.fr', password: 'ops-password-1' });
    const login = await h2Request(
      session,
      { ':method': 'POST', ':path': '/api/login', 'content-type': 'application/json', origin },
      credentials,
    );
    expect(login.status).toBe(200);
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    const cookie = setCookie.split(';')[0] ?? '';
    const me = await h2Request(session, { ':path': '/api/session', cookie });
    expect(me.status).toBe(200);
    const { csrfToken } = JSON.parse(me.text) as { csrfToken: string };

    // a body that is not JSON: a clear 400 (Fastify asks HTTP/1.1 to close the connection, not sent over HTTP/2)
    const malformed = await h2Request(
      session,
      { ':method': 'POST', ':path': '/api/login', 'content-type': 'application/json', origin },
      '{"email":"ops@demo.fr","password":"',
    );
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.text)).toMatchObject({ code: 'INVALID_REQUEST' });

    // the CSRF origin check: PUBLIC_ORIGIN's https origin is accepted, another refused
    const foreign = await h2Request(
      session,
      { ':method': 'POST', ':path': '/api/logout', origin: 'https://evil.example', cookie, 'x-csrf-token': csrfToken },
      '',
    );
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text)).toMatchObject({ code: 'CSRF' });

    // the live-updates stream over HTTP/2: its headers, then an event the partner sends
    const stream = session.request({ ':path': '/api/events', cookie });
    stream.setEncoding('utf8');
    let received = '';
    stream.on('data', (d: string) => (received += d));
    const headers = await new Promise<IncomingHttpHeaders>((resolve) => stream.once('response', resolve));
    expect(headers[':status']).toBe(200);
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers.connection).toBeUndefined();
    const until = async (pattern: RegExp) => {
      for (let i = 0; i < 100 && !pattern.test(received); i++) await new Promise((r) => setTimeout(r, 50));
      expect(received).toMatch(pattern);
    };
    await until(/event: ready/);
    const id = 'evt_https_1';
    const body = JSON.stringify({ id, type: 'partner.note', createdAt: new Date().toISOString(), data: { note: 'over HTTP/2' } });
    const webhook = await h2Request(
      session,
      { ':method': 'POST', ':path': '/webhooks/partner', ...webhookHeaders(SECRET, id, new Date(), body) },
      body,
    );
    expect(webhook.status).toBe(200);
    await until(/event: partner\ndata: .*over HTTP\/2/);

    // SIGTERM: the stream ends with its retry hint, the read in flight is answered, the idle
    // connections (HTTP/2 and HTTP/1.1) do not hold the stop up, and the process exits 0
    const ended = new Promise<void>((resolve) => stream.on('end', resolve));
    const readsBefore = projectReads;
    const inFlight = h2Request(h2(), { ':path': '/api/v3/projects?pageSize=20', cookie });
    while (projectReads === readsBefore) await new Promise((r) => setTimeout(r, 20));
    const signalled = Date.now();
    child.kill('SIGTERM');
    await ended;
    expect(received).toMatch(/retry: 1000\n\n$/);
    const read = await inFlight;
    expect(read.status).toBe(200);
    expect(JSON.parse(read.text)).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5000);
    // Node's HTTP/2 layer warns of a header it drops (connection-specific headers): none was sent
    expect(stderr).not.toMatch(/UnsupportedWarning|connection header/i);
  }, 30_000);
});
