import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, request, type Cookie, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpCapture, type SmtpCapture } from '../src/server/test/smtp-capture.js';
import { demoRentBody } from './fixtures/demo-rent.js';

export { expect };

/** The first worker's port (E2E_PORT, default 3100); worker n serves on E2E_PORT + 10n, its sandbox 1000 above. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The product this worker's tests run against (set by the `product` fixture). */
let served: string | null = null;

/** This worker's dashboard origin (http://127.0.0.1:port), for the Origin header of calls made outside a page. */
export function origin(): string {
  if (!served) throw new Error('no server started for this worker yet (use test from ./support)');
  return served;
}

/** This worker's sandbox (its port is the server's + 1000), for calls a spec makes straight to the partner. */
export function sandboxOrigin(): string {
  const url = new URL(origin());
  return `http://127.0.0.1:${Number(url.port) + 1000}`;
}

async function ready(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode}) before it was ready`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${url} was not ready within ${timeoutMs} ms`);
}

/**
 * Waits for the read model's initial sync (a manager reads its state): until it is done, the work
 * queue and the lists answer from a partly filled read model, and a spec's first page would change
 * under it when the rest arrives.
 */
async function synced(url: string, timeoutMs: number): Promise<void> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'manager@demo-agency.fr', password: 'sandbox-demo' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const state = (await (await fetch(`${url}/api/sync/state`, { headers: { cookie } })).json()) as { initial?: { phase?: string } };
    if (state.initial?.phase === 'done') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the read model of ${url} was not synced within ${timeoutMs} ms`);
}

/**
 * Every spec's `test`: each Playwright worker starts its own product, the compiled server as
 * `npm run serve` runs it (node build/server/main.js, after `npm run build`) with its embedded
 * sandbox, on its own ports and fresh data directory, waits for /readyz, and points `baseURL`
 * (pages, `request`, contexts made with browser.newContext) at it. So workers never share a
 * sandbox whose clock a spec moves, and `workers: 2` is safe.
 */
export const test = base.extend<object, { product: { url: string }; smtp: boolean; mailbox: SmtpCapture | null }>({
  // a spec that reads the product's e-mails says `test.use({ smtp: true })`: its worker's product
  // sends through an SMTP capture in the test process (SMTP_URL); the others' send no mail, as before
  smtp: [false, { scope: 'worker', option: true }],
  mailbox: [
    async ({ smtp }, use) => {
      if (!smtp) return use(null);
      const capture = await startSmtpCapture();
      try {
        await use(capture);
      } finally {
        await capture.close();
      }
    },
    { scope: 'worker' },
  ],
  product: [
    async ({ mailbox }, use, worker) => {
      const port = E2E_PORT + 10 * worker.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      const dataDir = join('.e2e-data', `worker-${worker.parallelIndex}`);
      rmSync(dataDir, { recursive: true, force: true });
      const child = spawn(process.execPath, ['--enable-source-maps', 'build/server/main.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          SANDBOX_PORT: String(port + 1000),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          // the suite signs in ~60 times in a few minutes from one address; production keeps 10 a minute
          LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
          ...(mailbox ? { SMTP_URL: mailbox.url } : {}),
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      try {
        await ready(url, child, 60_000);
        await synced(url, 60_000);
        served = url;
        await use({ url });
      } finally {
        served = null;
        sessions.clear();
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await once(child, 'exit');
        }
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ product }, use) => use(product.url),
});

/**
 * How long a page may take to show a change made elsewhere: the sandbox's webhook, the server's
 * re-read at the partner and its read model, the event stream, the page's data read again. Five
 * hops that each wait for the CPU: 5 s (an assertion's default) was short for them at a load of 10.
 */
export const LIVE_MS = 15_000;

export const PASSWORD = 'sandbox-demo';
export const USERS = {
  manager: 'manager@demo-agency.fr',
  staff: 'staff@demo-agency.fr',
  intermediary: 'intermediary@demo-agency.fr',
} as const;

/**
 * The worker's session of each role, as Playwright's storageState holds it (the cookie only), made
 * through the API once per worker and shared by the tests that leave it as they found it. A test
 * that signed it out or revoked it (or a fresh product) is seen at the next hand-out, which signs in
 * again, so no test depends on another's order.
 */
const sessions = new Map<keyof typeof USERS, Cookie[]>();

async function apiSession(role: keyof typeof USERS, reuse: boolean): Promise<Cookie[]> {
  const api = await request.newContext({ baseURL: origin(), extraHTTPHeaders: { origin: origin() } });
  try {
    const known = reuse ? sessions.get(role) : undefined;
    if (known) {
      const alive = await api.get('/api/session', { headers: { cookie: known.map((c) => `${c.name}=${c.value}`).join('; ') } });
      if (alive.ok()) return known;
    }
    const login = await api.post('/api/login', { data: { email: USERS[role], password: PASSWORD } });
    expect(login.status(), `${role} signs in through the API`).toBe(200);
    const { cookies } = await api.storageState();
    if (reuse) sessions.set(role, cookies);
    return cookies;
  } finally {
    await api.dispose();
  }
}

/**
 * Signs `role` in without the form (the form has its own specs): the session cookie, made through
 * the API, is put in the page's context, then the page opens `next`. By default the worker's shared
 * session of the role; `own: true` for a test that signs out, revokes sessions, changes the role or
 * deactivates the person, so the others never find their session gone.
 */
export async function signIn(
  page: Page,
  role: keyof typeof USERS,
  next = '/projects',
  { own = false }: { own?: boolean } = {},
): Promise<void> {
  await page.context().addCookies(await apiSession(role, !own));
  await page.goto(next);
}

/** Signs in through the sign-in form, as a person does: for the specs about signing in. */
export async function signInThroughForm(page: Page, role: keyof typeof USERS, next = '/projects'): Promise<void> {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Adresse e-mail').fill(USERS[role]);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(next.replace(/[?]/g, '\\?')));
  // The address changes before the page is drawn (the router renders it in a transition): the
  // sign-in card may stay on screen a moment longer, its language switch and buttons with it.
  await expect(page.getByRole('button', { name: 'Se connecter' })).toHaveCount(0);
}

/** Signs in through the API (the session cookie lands in the page's context): for tests about what comes after. */
export async function signInByApi(page: Page, role: keyof typeof USERS = 'staff'): Promise<void> {
  const login = await page.request.post('/api/login', {
    headers: { origin: origin() },
    data: { email: USERS[role], password: PASSWORD },
  });
  expect(login.status()).toBe(200);
}

/** axe finds no serious or critical violation on the page as it is. */
export async function expectAccessible(page: Page): Promise<void> {
  // colours are read as they end, not halfway through a transition (a button just enabled measured
  // as grey on blue once)
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Calls the dashboard API as the signed-in browser user (cookie, Origin and CSRF token). */
export async function apiAs(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const base = new URL(page.url()).origin;
  const session = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  return page.request.fetch(path, { method, data, headers: { origin: base, 'x-csrf-token': session.csrfToken } });
}

/**
 * A colleague of the test's own (the demo users' passwords stay as they are for the other specs):
 * the manager, signed in on `page`, invites them as staff; their e-mail and their link's token (its fragment).
 */
export async function invitedColleague(page: Page, emailPrefix: string, name: string): Promise<{ email: string; token: string }> {
  await signInByApi(page, 'manager');
  await page.goto('/team');
  const email = `${emailPrefix}-${Date.now()}@demo-agency.fr`;
  const invited = await apiAs(page, 'POST', '/api/team/invitations', { email, name, role: 'staff', lang: 'fr' });
  expect(invited.status()).toBe(200);
  return { email, token: ((await invited.json()) as { link: string }).link.split('#')[1] ?? '' };
}

export const newProject = (lastName: string) => ({
  profile: {
    gender: 2,
    firstName: 'Léa',
    lastName,
    // a name such as "Nguyễn 王小明" makes no address: its ASCII letters do
    email: `${lastName.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'locataire'}@exemple.fr`,
    dateOfBirth: '1991-03-04',
    phone: { phoneContryCode: 'FR', phoneFormated: '+33612345678' },
  },
  finance: { status: 4, monthlyIncome: 3200 },
});

export const PDF = { name: 'piece.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e\n%%EOF\n') };

/** yyyy-MM-05 of the month `n` months before `today`. */
export function monthsBefore(today: string, n: number): string {
  const [y, m] = today.split('-').map(Number);
  const idx = (y ?? 0) * 12 + (m ?? 1) - 1 - n;
  return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}-05`;
}

/** A seeded active project with no claim (cheaper than making one), found through the API. */
export async function seededActiveProject(page: Page): Promise<string> {
  const projects = (await (await page.request.get('/api/v3/projects?page=1&pageSize=100&status=7')).json()) as {
    items: { id: string; rent: { startLease: string } | null }[];
  };
  const claims = (await (await page.request.get('/api/v1/claims?page=1&pageSize=100')).json()) as { items: { projectId: string }[] };
  const { today } = (await (await page.request.get('/api/session')).json()) as { today: string };
  const taken = new Set(claims.items.map((c) => c.projectId));
  // a claim can be opened once the lease has started
  const free = projects.items.find((p) => !taken.has(p.id) && p.rent !== null && p.rent.startLease <= today);
  expect(free, 'a seeded active project without a claim, its lease started').toBeDefined();
  return free?.id ?? '';
}

const LAST_STEPS = ['rent/validate', 'payment/complete', 'signatures/tenant', 'signatures/owner'] as const;

/** yyyy-MM-01 of the month `n` months before `today`. */
export const monthStartBefore = (today: string, n: number): string => `${monthsBefore(today, n).slice(0, 7)}-01`;

/**
 * A project made through the API up to an active contract (no claim), or up to the step named.
 * Its lease started `leaseMonthsBack` months ago (36: any claim the tests open fits after it): the
 * rental information is given with the sandbox clock moved back then, as a lease cannot start in the past.
 */
export async function activeProject(
  page: Page,
  lastName = 'Sinistre',
  { until = 'signatures/owner', leaseMonthsBack = 36 }: { until?: (typeof LAST_STEPS)[number]; leaseMonthsBack?: number } = {},
): Promise<{ id: string; today: string; publicUrl: string; startLease: string }> {
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject(lastName));
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as { id: string; publicUrl: string };
  const required = (await (await page.request.get(`/api/v3/projects/${project.id}/required`)).json()) as { documentType: number }[];
  const session = (await (await page.request.get('/api/session')).json()) as { csrfToken: string; today: string };
  const headers = { origin: new URL(page.url()).origin, 'x-csrf-token': session.csrfToken };
  for (const d of required) {
    await page.request.post(`/api/v3/projects/${project.id}/documents`, {
      headers,
      multipart: { documentType: String(d.documentType), file: PDF },
    });
  }
  await apiAs(page, 'POST', `/api/v3/projects/${project.id}/apply`);
  await apiAs(page, 'POST', `/api/sandbox/projects/${project.id}/documents/validate`);
  const rent = demoRentBody(leaseMonthsBack > 0 ? monthStartBefore(session.today, leaseMonthsBack) : session.today);
  if (leaseMonthsBack > 0) expect((await apiAs(page, 'POST', '/api/sandbox/clock', { today: rent.startLease })).status()).toBe(200);
  const given = await apiAs(page, 'POST', `/api/v3/projects/${project.id}/rent`, rent);
  if (leaseMonthsBack > 0) expect((await apiAs(page, 'POST', '/api/sandbox/clock', { today: session.today })).status()).toBe(200);
  expect(given.status(), await given.text()).toBe(200);
  for (const step of LAST_STEPS.slice(0, LAST_STEPS.indexOf(until) + 1))
    expect((await apiAs(page, 'POST', `/api/sandbox/projects/${project.id}/${step}`)).status()).toBe(200);
  return { id: project.id, today: session.today, publicUrl: project.publicUrl, startLease: rent.startLease };
}

/** An active project with a claim whose first unpaid month is `monthsAgo` months back, made through the API. */
export async function activeClaim(page: Page, monthsAgo = 0, lastName = 'Sinistre'): Promise<string> {
  const project = await activeProject(page, lastName);
  const claim = {
    rentAmount: 800,
    rentAmountReceived: 0,
    rentAmountReceivedDate: null,
    rentDueDate: monthsBefore(project.today, monthsAgo),
    legalInfo: {
      firstName: 'Sophie',
      lastName: 'Lambert',
      email: 'sophie@agence.fr',
      phone: { phoneContryCode: 'FR', phoneFormated: '+33145678910' },
    },
    mainOwnerEmail: 'paul@exemple.fr',
    ownerEmailsBcc: [],
  };
  const res = await apiAs(page, 'POST', `/api/v1/projects/${project.id}/claims`, claim);
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** An active claim with 36 declared months (the first made with the claim, 35 more through the API): a claim years old. */
export async function claimWith36DeclaredMonths(page: Page): Promise<string> {
  const id = await activeClaim(page, 35);
  const session = (await (await page.request.get('/api/session')).json()) as { today: string };
  for (let n = 34; n >= 0; n--) {
    const res = await apiAs(page, 'POST', `/api/v1/claims/${id}/rentaldebts`, {
      rentAmount: 800,
      rentAmountReceived: 0,
      rentDueDate: monthsBefore(session.today, n),
    });
    expect(res.status()).toBe(201);
  }
  return id;
}
