import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answeredRead, firstReads, SESSION_READ } from './first-reads.js';
import Fastify from 'fastify';
import { claimFixture } from '../web/test/fixtures.js';
import { projectIsActive } from '../contract/lifecycle.js';
import { acceptsGzip, codeAfterPaint, inlineScriptHashes, pageHtml, staticFiles } from './static.js';
import { gunzipSync } from 'node:zlib';
import { startServer, type TestServer } from './test/harness.js';

const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div>
<script>(function(){document.documentElement.lang='fr'})();</script></body></html>`;

const dirs: string[] = [];
function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'static-test-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The answers a page's HTML came with (`<script type="application/json" id="pd-answers">`), parsed. */
const answersIn = (html: string): unknown => {
  const json = /<script type="application\/json" id="pd-answers">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as unknown);
};

/** The reads a page's HTML names (`<link rel="preload" as="fetch">`), as URLs. */
const readsIn = (html: string): string[] =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

/** A page of a running server as a browser asks for it (with a session cookie or none), and what its HTML says. */
async function fetchPage(base: string, path: string, cookie = '') {
  const res = await fetch(base + path, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const html = await res.text();
  return { res, html, reads: readsIn(html), answers: answersIn(html) };
}

describe("each page's HTML names that page's code", () => {
  const preloads = JSON.stringify({
    preloads: [
      { pattern: '^\\/claims$', files: ['/assets/page-claims-11111111.js', '/assets/Table-22222222.js'] },
      { pattern: '^\\/claims\\/[^/]+$', files: ['/assets/page-claim-workspace-33333333.js'] },
    ],
  });

  it('adds a modulepreload for each file of the page the address names, before </head>, and nothing for an unknown address', () => {
    const html = pageHtml(dist({ 'index.html': INDEX, 'preloads.json': preloads }));
    const links = (page: string) => [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(links(html('/claims'))).toEqual(['/assets/page-claims-11111111.js', '/assets/Table-22222222.js']);
    expect(links(html('/claims/7b2a'))).toEqual(['/assets/page-claim-workspace-33333333.js']);
    expect(html('/claims/7b2a').indexOf('modulepreload')).toBeLessThan(html('/claims/7b2a').indexOf('</head>'));
    expect(html('/nowhere')).toBe(INDEX);
    expect(html('/claims/7b2a/more')).toBe(INDEX);
  });

  it('serves index.html as it is when the build wrote no preloads (an older build)', () => {
    expect(pageHtml(dist({ 'index.html': INDEX }))('/claims')).toBe(INDEX);
  });
});

/** A built index.html whose app shell starts the code itself after its first paint (scripts/app-shell.ts). */
const SHELL_INDEX = `<!doctype html><html><head><title>t</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-111.js">
    <link rel="modulepreload" crossorigin href="/assets/router-222.js">
  </head><body><div id="root"></div>
<script>(function(){var box=document.getElementById('pd-code')})();</script></body></html>`;

describe("a page's code starts after its first paint", () => {
  const preloads = JSON.stringify({ preloads: [{ pattern: '^\\/claims$', files: ['/assets/page-claims-11111111.js'] }] });
  const codeIn = (html: string): unknown =>
    JSON.parse(/<script type="application\/json" id="pd-code">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');

  it("names the entry script, its modulepreloads and the page's in #pd-code for the shell, as tags nowhere", () => {
    const html = pageHtml(dist({ 'index.html': SHELL_INDEX, 'preloads.json': preloads }))('/claims', { mode: 'sandbox' });
    expect(codeIn(html)).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/react-dom-111.js', '/assets/router-222.js', '/assets/page-claims-11111111.js'],
    });
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(html.indexOf('id="pd-code"')).toBeLessThan(html.indexOf('</head>'));
    // the shell's script is untouched: the CSP's hash of it still holds
    expect(html).toContain("<script>(function(){var box=document.getElementById('pd-code')})();</script>");
  });

  it('keeps the tags of an address it knows no code for, and of a build whose shell does not start the code', () => {
    const html = pageHtml(dist({ 'index.html': SHELL_INDEX, 'preloads.json': preloads }));
    expect(html('/nowhere')).toBe(SHELL_INDEX);
    expect(codeAfterPaint(INDEX)).toEqual({ html: INDEX, firstLoad: [] });
    expect(codeAfterPaint(SHELL_INDEX.replace('pd-code', 'pd-other')).entry).toBeUndefined();
  });
});

describe('the CSP allows the inline scripts of the built app by their hash', () => {
  it('hashes each inline script (not the module script) as the browser does', () => {
    const body = "(function(){document.documentElement.lang='fr'})();";
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(dist({ 'index.html': INDEX }))).toEqual([expected]);
  });

  it('allows none without a built app', () => {
    expect(inlineScriptHashes(dist({}))).toEqual([]);
  });
});

describe("a page's HTML names the reads its page starts with, and the service's mode", () => {
  it('writes the mode and a preload (as="fetch", the SPA\'s same-origin credentials) of each read before </head>, escaped', () => {
    const html = pageHtml(dist({ 'index.html': INDEX }))('/claims', {
      mode: 'sandbox',
      reads: ['/api/session', '/api/v1/claims?page=1&pageSize=20'],
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta name="pd-mode" content="sandbox">');
    expect([...head.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1])).toEqual([
      '/api/session',
      '/api/v1/claims?page=1&amp;pageSize=20',
    ]);
    // crossorigin without a value is "anonymous": same-origin credentials, as the SPA's fetch (api-client.ts);
    // "use-credentials" would not match it and the browser would read everything twice
    expect(head).not.toContain('use-credentials');
  });

  it('names no read when given none', () => {
    const html = pageHtml(dist({ 'index.html': INDEX }))('/claims', { mode: 'live' });
    expect(html).toContain('<meta name="pd-mode" content="live">');
    expect(html).not.toContain('rel="preload"');
  });
});

describe('the reads of each signed-in address (first-reads.ts)', () => {
  const claim = '8c2dd25d-b16a-492f-bef5-4cdb89a114ee';
  const project = '7f9b7453-07ac-42d0-ae06-a289fc71ee30';

  it("names the session and the page loader's reads of the lists and detail pages, and nothing for an invalid id", () => {
    expect(firstReads('/claims')).toEqual([SESSION_READ, '/api/v1/claims?page=1&pageSize=20']);
    expect(firstReads(`/claims/${claim}`)).toEqual([
      SESSION_READ,
      '/api/v1/claims?page=1&pageSize=100',
      `/api/v1/claims/${claim}/rentaldebts`,
      `/api/v1/claims/${claim}/payments`,
      `/api/v1/claims/${claim}/rentaldebts/pending-signature`,
      `/api/v1/claims/${claim}/stats`,
      `/api/v1/claims/${claim}/documents/required`,
    ]);
    expect(firstReads(`/projects/${project}`)).toEqual([SESSION_READ, `/api/v3/projects/${project}`]);
    for (const none of [
      '/',
      '/projects',
      '/projects/new',
      '/claims/12',
      `/claims/${claim}/x`,
      '/claims/%3Cscript%3E',
      `/projects/${project}x`,
      '/sign-in',
    ])
      expect(firstReads(none), none).toEqual([]);
  });

  it("keeps exactly the SPA's reads for any address: the same URLs its loaders fetch, so each is read once", async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { prefetchers } = await import('../web/app/prefetch.js');
    const { sessionQueryOptions } = await import('../web/features/auth/api/get-session.js');
    const addresses: [string, 'claims' | 'claimWorkspace' | 'projectDetail', string][] = [
      ['/claims', 'claims', ''],
      [`/claims?status=1&status=3&status=99&projectId=${project}&page=3&pageSize=50`, 'claims', ''],
      ['/claims?status=x&projectId=nope&page=0&pageSize=7', 'claims', ''],
      ['/claims?page=1e300&pageSize=100', 'claims', ''],
      [`/claims/${claim}`, 'claimWorkspace', claim],
      [`/projects/${project}`, 'projectDetail', project],
    ];
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    // the app's reads, as URLs; every answer a network failure (only the requests matter here)
    globalThis.fetch = (input: string | URL | Request) => {
      fetched.push(String(input));
      return Promise.reject(new TypeError('offline'));
    };
    try {
      for (const [address, name, id] of addresses) {
        fetched.length = 0;
        const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
        void qc.prefetchQuery(sessionQueryOptions());
        prefetchers[name](qc, new URL(address, 'http://localhost'), id);
        await new Promise((r) => setTimeout(r, 20));
        expect([...fetched].sort(), address).toEqual([...firstReads(address)].sort());
        // the read the server answers inside the page is one of them: the app's first fetch of it takes the answer
        expect(fetched, address).toContain(answeredRead(address)?.url);
        qc.clear();
      }
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe('the server names the reads for a signed-in visitor only', () => {
  const claim = '8c2dd25d-b16a-492f-bef5-4cdb89a114ee';
  let s: TestServer;
  beforeAll(async () => {
    const dir = dist({ 'index.html': INDEX });
    s = await startServer({ env: { STATIC_DIR: dir } });
  });
  afterAll(() => s.close());

  const page = (path: string, cookie = '') => fetchPage(s.url, path, cookie);

  it("a claim's page: its reads for a signed-in visitor, none signed out, none for an id that is not one", async () => {
    const staff = await s.signedIn('staff');
    const signedIn = await page(`/claims/${claim}`, staff.cookie);
    expect(signedIn.res.status).toBe(200);
    // the claim's list page is read by the server, as this visitor, and answered in the page (an empty sandbox here)
    const listUrl = '/api/v1/claims?page=1&pageSize=100';
    expect(signedIn.reads).toEqual(firstReads(`/claims/${claim}`).filter((r) => r !== listUrl));
    const answers = /<script type="application\/json" id="pd-answers">([\s\S]*?)<\/script>/.exec(signedIn.html)?.[1] ?? '';
    expect(JSON.parse(answers)).toEqual({ [listUrl]: { items: [], page: 1, pageSize: 100, total: 0 } });
    expect(signedIn.res.headers.get('cache-control')).toBe('no-store');
    expect(signedIn.res.headers.get('vary')).toMatch(/cookie/i);

    const signedOut = await page(`/claims/${claim}`);
    expect(signedOut.res.status).toBe(200);
    expect(signedOut.reads).toEqual([]);
    // a forged or stale cookie is no session
    expect((await page(`/claims/${claim}`, 'pd_session=forged.value')).reads).toEqual([]);

    for (const junk of ['/claims/not-an-id', '/claims/%22%3E%3Cscript%3E', `/claims/${'9'.repeat(5000)}`, '/claims?page=%ZZ&status=%00']) {
      const r = await page(junk, staff.cookie);
      expect(r.res.status, junk).toBe(200);
      expect(r.html, junk).not.toContain('<script>alert');
      if (junk.startsWith('/claims/')) expect(r.reads, junk).toEqual([]);
    }

    await staff.call('POST', '/api/logout');
    expect((await page(`/claims/${claim}`, staff.cookie)).reads).toEqual([]);
  });

  it('the sign-in page carries the mode, so its sandbox notice needs no /api/mode', async () => {
    const { html } = await page('/sign-in');
    expect(html).toContain('<meta name="pd-mode" content="sandbox">');
  });
});

describe("a detail page's title read, answered inside its HTML", () => {
  const claim = '8c2dd25d-b16a-492f-bef5-4cdb89a114ee';
  const listUrl = '/api/v1/claims?page=1&pageSize=100';
  const evil = "</script><script>alert(1)</script> $' $& $`";
  const list = {
    items: [claimFixture({ id: claim, tenant: { firstName: 'Łukasz', lastName: `Nguyễn ${evil}`, email: 't@example.org' } })],
    page: 1,
    pageSize: 100,
    total: 1,
  };

  async function appWith(o: { signedIn: boolean; read: (url: string) => Promise<{ status: number; body: unknown }>; readWaitMs?: number }) {
    const app = Fastify();
    const calls: string[] = [];
    await app.register(staticFiles, {
      dir: dist({ 'index.html': INDEX }),
      mode: 'sandbox',
      signedIn: async () => o.signedIn,
      read: async (_req, url) => {
        calls.push(url);
        return o.read(url);
      },
      ...(o.readWaitMs !== undefined ? { readWaitMs: o.readWaitMs } : {}),
    });
    const get = async (path: string) => {
      const res = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      const html = res.body;
      return {
        res,
        html,
        answers: answersIn(html),
        title: /<meta name="pd-title" content="([^"]*)">/.exec(html)?.[1],
        reads: readsIn(html),
      };
    };
    return { app, calls, get };
  }

  it('writes the answer and the title (escaped) into the page, reads the rest with preloads, and the page is never stored', async () => {
    const { app, get } = await appWith({ signedIn: true, read: async () => ({ status: 200, body: list }) });
    const page = await get(`/claims/${claim}`);
    expect(page.answers).toEqual({ [listUrl]: list });
    expect(page.reads).toEqual(firstReads(`/claims/${claim}`).filter((r) => r !== listUrl));
    expect(page.title).toBe("Łukasz Nguyễn &lt;/script>&lt;script>alert(1)&lt;/script> $' $&amp; $`");
    // nothing the partner says can close the data element or open a script
    expect(page.html).not.toContain('</script><script>alert(1)');
    expect(page.res.headers['cache-control']).toBe('no-store');
    await app.close();
  });

  it('goes without it (the browser reads it itself) when the read is slow, fails or is refused; never for a visitor signed out', async () => {
    for (const read of [
      () => new Promise<{ status: number; body: unknown }>((r) => setTimeout(() => r({ status: 200, body: list }), 500)),
      () => Promise.reject(new Error('upstream down')),
      () => Promise.resolve({ status: 404, body: null }),
    ]) {
      const { app, get } = await appWith({ signedIn: true, read, readWaitMs: 50 });
      const page = await get(`/claims/${claim}`);
      expect(page.res.statusCode).toBe(200);
      expect(page.answers).toBeUndefined();
      expect(page.title).toBeUndefined();
      expect(page.reads).toEqual(firstReads(`/claims/${claim}`));
      expect(page.res.headers['cache-control']).toBe('no-cache');
      await app.close();
    }
    const { app, calls, get } = await appWith({ signedIn: false, read: async () => ({ status: 200, body: list }) });
    const page = await get(`/claims/${claim}`);
    expect([page.answers, page.reads, calls]).toEqual([undefined, [], []]);
    await app.close();
  });
});

describe("the claims list's page, read by the server as the visitor and answered inside its HTML", () => {
  type List = { items: { id: string; tenant: { firstName: string; lastName: string } }[]; total: number };
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({
      sandbox: { seed: true, seedScale: { projects: 30, claims: 12 }, now: () => new Date('2026-06-15T10:00:00Z') },
      env: { STATIC_DIR: dist({ 'index.html': INDEX }) },
    });
  });
  afterAll(() => s.close());

  const page = (path: string, cookie = '') => fetchPage(s.url, path, cookie);

  it("answers the page the URL asks for (page, size, filters) with what the visitor's own read answers, never stored", async () => {
    const staff = await s.signedIn('staff');
    const project = (await staff.call<List>('GET', '/api/v1/claims?page=1&pageSize=1')).body.items[0] as unknown as { projectId: string };
    for (const [address, url] of [
      ['/claims', '/api/v1/claims?page=1&pageSize=20'],
      ['/claims?page=2&pageSize=10', '/api/v1/claims?page=2&pageSize=10'],
      ['/claims?status=10&status=30&status=999&pageSize=50', '/api/v1/claims?page=1&pageSize=50&status=10&status=30'],
      [`/claims?projectId=${project.projectId}`, `/api/v1/claims?page=1&pageSize=20&projectId=${project.projectId}`],
    ] as const) {
      const html = await page(address, staff.cookie);
      const own = await staff.call<List>('GET', url);
      expect(own.status, url).toBe(200);
      expect(html.answers, address).toEqual({ [url]: own.body });
      // the answered read is not asked again by the browser; the session still is
      expect(html.reads, address).toEqual([SESSION_READ]);
      expect(html.res.headers.get('cache-control'), address).toBe('no-store');
      expect(html.res.headers.get('vary'), address).toMatch(/cookie/i);
    }
    // the seeded list is not empty: the rows are really there
    expect(
      ((await page('/claims', staff.cookie)).answers as Record<string, List>)['/api/v1/claims?page=1&pageSize=20']?.total,
    ).toBeGreaterThan(3);
  });

  it("an intermediary's pages hold what the intermediary's own reads answer, and nothing of a project out of their scope", async () => {
    const staff = await s.signedIn('staff');
    const intermediary = await s.signedIn('intermediary');
    // the claims list: the intermediary's own answer (routes/intermediary-scope.ts: they read the organization's claims)
    const own = (await intermediary.call<List>('GET', '/api/v1/claims?page=1&pageSize=100')).body;
    expect((await page('/claims?pageSize=100', intermediary.cookie)).answers).toEqual({ '/api/v1/claims?page=1&pageSize=100': own });
    // a project neither active nor claimed: staff's page holds its applicant, the intermediary's holds nothing of it
    type Projects = { items: { id: string; status: number; profile: { firstName: string; lastName: string } }[] };
    const claimed = new Set(own.items.map((c) => (c as unknown as { projectId: string }).projectId));
    const projects = (await staff.call<Projects>('GET', '/api/v3/projects?page=1&pageSize=100')).body.items;
    const outside = projects.find((p) => !claimed.has(p.id) && !projectIsActive(p.status));
    if (!outside) throw new Error('the seed has no project out of an intermediary scope');
    expect((await intermediary.call('GET', `/api/v3/projects/${outside.id}`)).status).toBe(403);
    const name = `${outside.profile.firstName} ${outside.profile.lastName}`;
    expect((await page(`/projects/${outside.id}`, staff.cookie)).html).toContain(name);
    const theirs = await page(`/projects/${outside.id}`, intermediary.cookie);
    expect(theirs.answers).toBeUndefined();
    expect(theirs.html).not.toContain(name);
    expect(theirs.html).not.toContain(outside.profile.lastName);
  });

  it('holds nothing for a visitor signed out, with a forged cookie or after sign-out', async () => {
    const staff = await s.signedIn('staff');
    const tenant = (await staff.call<List>('GET', '/api/v1/claims?page=1&pageSize=1')).body.items[0]?.tenant.lastName ?? '';
    expect(tenant).not.toBe('');
    const forged = staff.cookie.replace(/=.*/, '=forged.value');
    const signedOut = [await page('/claims'), await page('/claims', forged), await page('/claims', `${staff.cookie}x`)];
    await staff.call('POST', '/api/logout');
    signedOut.push(await page('/claims', staff.cookie));
    for (const p of signedOut) {
      expect(p.res.status).toBe(200);
      expect([p.answers, p.reads]).toEqual([undefined, []]);
      expect(p.html).not.toContain(tenant);
      expect(p.res.headers.get('cache-control')).toBe('no-cache');
    }
  });
});

describe("the claims list's answer in the HTML: escaped, and left out when the read is slow, fails or is refused", () => {
  const evil = "</script><script>alert(1)</script> $' $& $` <!--";
  const list = {
    items: [claimFixture({ tenant: { firstName: 'Łukasz', lastName: `Nguyễn 王小明 ${evil}`, email: 't@example.org' } })],
    page: 3,
    pageSize: 50,
    total: 101,
  };
  const url = '/api/v1/claims?page=3&pageSize=50&status=30';

  async function appWith(read: (url: string) => Promise<{ status: number; body: unknown }>, signedIn = true) {
    const app = Fastify();
    const calls: string[] = [];
    await app.register(staticFiles, {
      dir: dist({ 'index.html': INDEX }),
      signedIn: async () => signedIn,
      read: async (_req, u) => {
        calls.push(u);
        return read(u);
      },
      readWaitMs: 50,
    });
    const res = await app.inject({ method: 'GET', url: '/claims?status=30&page=3&pageSize=50&junk=1', headers: { accept: 'text/html' } });
    await app.close();
    return { res, calls, reads: readsIn(res.body), answers: answersIn(res.body) };
  }

  it("writes the partner's words as data: nothing in a name can close the element, open a script or bend the page", async () => {
    const { res, calls, answers } = await appWith(async () => ({ status: 200, body: list }));
    expect(calls).toEqual([url]);
    expect(answers).toEqual({ [url]: list });
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).not.toContain('<!--');
    expect(res.body.match(/<\/script>/g)?.length).toBe((INDEX.match(/<\/script>/g)?.length ?? 0) + 1);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('goes without it when the read is slow, fails or is refused (the browser reads it itself), and never reads for a visitor signed out', async () => {
    for (const read of [
      () => new Promise<{ status: number; body: unknown }>((r) => setTimeout(() => r({ status: 200, body: list }), 300)),
      () => Promise.reject(new Error('upstream down')),
      () => Promise.resolve({ status: 403, body: null }),
      () => Promise.resolve({ status: 502, body: null }),
    ]) {
      const { res, reads, answers } = await appWith(read);
      expect(res.statusCode).toBe(200);
      expect(answers).toBeUndefined();
      expect(reads).toEqual([SESSION_READ, url]);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const out = await appWith(async () => ({ status: 200, body: list }), false);
    expect([out.calls, out.reads, out.answers]).toEqual([[], [], undefined]);
  });
});

describe('the page HTML is compressed for a browser that takes gzip (the not-found handler is no route: the compression plugin never sees it)', () => {
  it('reads Accept-Encoding as browsers and proxies write it', () => {
    for (const yes of ['gzip', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.5', '*', 'GZIP']) expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [undefined, '', 'br', 'identity', 'gzip;q=0', 'gzip; q=0.000, br', 'xgzip', '*;q=0'])
      expect(acceptsGzip(no), no).toBe(false);
  });

  it('sends the same page gzipped, varying on the encoding, and plain to a client that does not take it', async () => {
    const app = Fastify();
    await app.register(staticFiles, { dir: dist({ 'index.html': INDEX }), mode: 'sandbox' });
    const plain = await app.inject({ method: 'GET', url: '/sign-in', headers: { accept: 'text/html' } });
    const zipped = await app.inject({ method: 'GET', url: '/sign-in', headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
    await app.close();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.body).toContain('<meta name="pd-mode" content="sandbox">');
  });
});

describe('a read the HTML stopped waiting for reaches the partner once', () => {
  const claim = '8c2dd25d-b16a-492f-bef5-4cdb89a114ee';
  const listUrl = '/api/v1/claims?page=1&pageSize=100';

  async function slowPartner(delayMs: number) {
    const app = Fastify();
    const sessions = new Set(['pd_session=ok1', 'pd_session=ok2', 'pd_session=ok3']);
    const calls: string[] = [];
    // the API's route, as slow as a partner having a bad day
    app.get('/api/v1/claims', async (req, reply) => {
      calls.push(`${req.headers.cookie ?? ''} ${req.url}`);
      await new Promise((r) => setTimeout(r, delayMs));
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(`{"items":[],"page":1,"pageSize":100,"total":${calls.length}}`);
    });
    await app.register(staticFiles, {
      dir: dist({ 'index.html': INDEX }),
      signedIn: async (req) => sessions.has(req.headers.cookie ?? ''),
      read: async (req, url) => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie: req.headers.cookie ?? '' } });
        return { status: res.statusCode, body: res.json(), payload: res.payload, type: String(res.headers['content-type']) };
      },
      readWaitMs: 50,
      lateReadMs: 2000,
    });
    const get = (url: string, cookie: string, accept = 'application/json') =>
      app.inject({ method: 'GET', url, headers: { cookie, accept } });
    return { app, calls, get, sessions };
  }

  it("answers the browser's request of it (same URL, same session) with that read, and reads again for anyone else", async () => {
    const { app, calls, get } = await slowPartner(200);
    const page = await get(`/claims/${claim}`, 'pd_session=ok1', 'text/html');
    // the HTML went without it and names it as a preload...
    expect(page.body).not.toContain('pd-answers');
    expect(page.body).toContain(`href="${listUrl.replace('&', '&amp;')}"`);
    // ...which the browser asks at once: the server's read answers it, the partner is asked once
    const preload = await get(listUrl, 'pd_session=ok1');
    expect([preload.statusCode, preload.headers['cache-control']]).toEqual([200, 'no-store']);
    expect(preload.json()).toEqual({ items: [], page: 1, pageSize: 100, total: 1 });
    expect(calls).toEqual([`pd_session=ok1 ${listUrl}`]);
    // once: the next request of it, or another visitor's, is read as always
    expect((await get(listUrl, 'pd_session=ok1')).json()).toMatchObject({ total: 2 });
    await get(`/claims/${claim}`, 'pd_session=ok2', 'text/html');
    expect((await get(listUrl, 'pd_session=ok3')).json()).toMatchObject({ total: 4 });
    await app.close();
  });

  it('never hands it to a request whose session has ended meanwhile', async () => {
    const { app, calls, get, sessions } = await slowPartner(200);
    await get(`/claims/${claim}`, 'pd_session=ok1', 'text/html');
    // signed out in between: the same cookie is no session, the request goes its usual way (here the
    // stand-in route answers it; the real one refuses it), never with the late read's answer
    sessions.delete('pd_session=ok1');
    const after = await get(listUrl, 'pd_session=ok1');
    expect(calls).toHaveLength(2);
    expect(after.json()).toMatchObject({ total: 2 });
    await app.close();
  });
});
