import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from './static.js';

const INDEX =
  '<!doctype html><html lang="fr"><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let dir = '';
let app: ReturnType<typeof Fastify>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-test-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'assets', 'index-abc.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
  app = Fastify();
  await app.register(staticFiles, { dir });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('the built app', () => {
  it('answers every browser navigation with the same index.html, revalidated at each visit', async () => {
    for (const url of ['/', '/projects?status=ACTIVE', '/claims/8c2dd25d-b16a-492f-bef5-4cdb89a114ee', '/somewhere/else']) {
      const res = await page(url, { cookie: 'pd_session=abc' });
      expect([res.statusCode, res.body, res.headers['cache-control']], url).toEqual([200, INDEX, 'no-cache']);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('caches hashed assets for a year and sends their pre-compressed copy to a browser that takes it', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, SCRIPT]);
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect([icon.statusCode, icon.headers['cache-control']]).toEqual([200, 'no-cache']);
  });

  it('answers a missing asset, an unknown API route or a non-HTML request with the 404 envelope, not the page', async () => {
    for (const res of [
      await app.inject({ method: 'GET', url: '/assets/page-gone-12345678.js' }),
      await page('/api/nowhere'),
      await app.inject({ method: 'GET', url: '/projects', headers: { accept: 'application/json' } }),
      await app.inject({ method: 'POST', url: '/projects', headers: { accept: 'text/html' } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('without a build (the server alone, in development)', () => {
  it('answers every unknown address with the 404 envelope', async () => {
    const bare = Fastify();
    await bare.register(staticFiles, { dir: join(dir, 'nowhere') });
    const res = await bare.inject({ method: 'GET', url: '/projects', headers: { accept: 'text/html' } });
    await bare.close();
    expect(res.statusCode).toBe(404);
  });
});
