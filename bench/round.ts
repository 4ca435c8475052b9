/**
 * The monthly round (its budget: the round's page usable in under 1 s with 200 open
 * claims), for `npm run bench` (BENCH_ONLY=round alone): GET /api/round from the read model, then
 * Debian's Chromium through Playwright, signed in as staff at 1280 × 800 in French, against a
 * live-mode server that serves the built app; every row declared once, and again with new keys.
 */
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { loadAverage, median } from './support/figures.js';
import { TOKEN, startLive } from './support/live.js';

const STAFF = { email: 'bench-staff@demo.fr', password: 'bench-password-1' };

/**
 * Milliseconds from the navigation's start (the browser's own clock) until the round is usable:
 * the first row's Declare button enabled and the grid filled, i.e. its rows drawn down to the
 * window's bottom (the table draws the rows near the view only) or every row when fewer.
 */
async function usable(page: Page, rows: number): Promise<number> {
  await page.goto('/round');
  return usableAt(page, rows);
}

/**
 * A page load in a tab already open (the browser running, the tab on a blank page for a moment): a
 * user typing the round's address or opening a bookmark. A new window for each load (Playwright's
 * newPage) also pays for the browser making the window: Chromium starts its own pages for it
 * (its address bar's, in a renderer of their own) on the same two cores, at the same moment.
 */
async function usableInOpenTab(page: Page, rows: number): Promise<number> {
  await page.goto('about:blank');
  await page.waitForTimeout(2500);
  return usable(page, rows);
}

/** A reload of the round in its tab. */
async function usableAfterReload(page: Page, rows: number): Promise<number> {
  await page.waitForTimeout(500);
  await page.reload();
  return usableAt(page, rows);
}

/** The page's clock (performance.now) when the round is first usable (see usable). */
async function usableAt(page: Page, rows: number): Promise<number> {
  const handle = await page.waitForFunction(
    (n) => {
      const drawn = [...document.querySelectorAll<HTMLTableRowElement>('main table tbody tr[data-index]')];
      const first = drawn[0]?.querySelector<HTMLButtonElement>('button.MuiButton-contained');
      const bottom = drawn.at(-1)?.getBoundingClientRect().bottom ?? 0;
      const filled = drawn.length === n || (drawn.length > 0 && bottom >= window.innerHeight);
      return filled && first && !first.disabled ? performance.now() : 0;
    },
    rows,
    { timeout: 60_000, polling: 'raf' },
  );
  return Math.round(Number(await handle.jsonValue()));
}

/**
 * How users reach the round: signed in on the work queue, a click on the menu's link; milliseconds
 * from the click (the page's own clock, at the click event) until the round is usable as above.
 */
async function fromMenu(page: Page, rows: number): Promise<number> {
  await page.goto('/');
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  // the work queue as a user finds it: the menu's badge drawn (the months due), then a breath
  const link = page.getByRole('navigation').getByRole('link', { name: /^Déclarations.*\(/ });
  await link.waitFor();
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    const at = window as unknown as { clickedAt?: number };
    document.addEventListener('click', () => (at.clickedAt = performance.now()), { capture: true, once: true });
  });
  await link.click();
  const end = await usableAt(page, rows);
  const clicked = await page.evaluate(() => (window as unknown as { clickedAt?: number }).clickedAt ?? Number.NaN);
  return Math.round(end - clicked);
}

export interface RoundInBrowser {
  /** Navigation to usable in a tab already open, five loads (each in a tab of its own). */
  loads: number[];
  /** Navigation to usable in a new window, three loads (what the bench measured before: the window's making included). */
  newWindow: number[];
  /** A reload of the round to usable, three times. */
  reloads: number[];
  /** In-app: the menu's round link clicked on the work queue to usable, three times. */
  fromMenu: number[];
  /** One selection ("check every row shown") and one confirmation: the rows declared, and from the confirmation to the end of the sending. */
  declared: { rows: number; ms: number; sentOk: number };
}

export async function measureRoundInBrowser(base: string, rows: number): Promise<RoundInBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
    const login = await context.request.post('/api/login', { headers: { origin: base }, data: STAFF });
    if (!login.ok()) throw new Error(`staff sign-in answered ${login.status()}`);
    const loads: number[] = [];
    const newWindow: number[] = [];
    const reloads: number[] = [];
    let page: Page | null = null;
    for (let i = 0; i < 3; i++) {
      await page?.close();
      page = await context.newPage();
      newWindow.push(await usable(page, rows));
    }
    for (let i = 0; i < 5; i++) {
      await page?.close();
      page = await context.newPage();
      loads.push(await usableInOpenTab(page, rows));
    }
    if (!page) throw new Error('no page');
    for (let i = 0; i < 3; i++) reloads.push(await usableAfterReload(page, rows));
    const menu: number[] = [];
    for (let i = 0; i < 3; i++) menu.push(await fromMenu(page, rows));
    // every row declared as a user does it: one selection, one confirmation
    const main = page.getByRole('main');
    await main.getByRole('checkbox', { name: 'Cocher toutes les lignes affichées' }).check();
    await main.getByRole('button', { name: `Déclarer les ${rows} lignes cochées` }).click();
    const dialog = page.getByRole('dialog', { name: 'Déclarer ces mois ?' });
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/round') && r.request().method() === 'GET', { timeout: 120_000 });
    let sentOk = 0;
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().includes('/rentaldebts') && r.status() === 201) sentOk++;
    });
    const t0 = Date.now();
    await dialog.getByRole('button', { name: 'Déclarer' }).click();
    // the sender reads the round again once every row is done: its answer ends the round
    await sent;
    await page.getByText(/^Envoi en cours/).waitFor({ state: 'detached', timeout: 120_000 });
    return { loads, newWindow, reloads, fromMenu: menu, declared: { rows, ms: Date.now() - t0, sentOk } };
  } finally {
    await browser.close();
  }
}

/**
 * The monthly round at 200 open claims with a month to declare, once the read model's
 * initial sync is done (the round reads it): GET /api/round three times; then in Chromium, signed
 * in as staff, the page from navigation to usable (five loads in an open tab, three reloads, three in a new window: measureRoundInBrowser), and every row's
 * oldest month declared as a user does it, after one selection and one confirmation (one call per
 * month through the server, 4 at a time, each with its own Idempotency-Key); then the same months
 * sent again through the API with new keys (a reload that lost them): the partner refuses each, and
 * its months are counted: zero duplicates.
 */
export async function measureRound(workDir: string, users: string) {
  // 1,100 projects give 240 active contracts; the demo's claim plan leaves 5 in 6 open with months due
  const live = await startLive(
    workDir,
    'round',
    users,
    { SANDBOX_SEED_PROJECTS: '1100', SANDBOX_SEED_CLAIMS: '240' },
    { STATIC_DIR: resolve(process.env.BENCH_BUILD ?? 'build', '..', 'dist') },
  );
  try {
    type RoundAnswer = { rows: { claimId: string; rentAmount: number; months: { rentDueDate: string }[] }[]; monthsDue: number };
    const t0 = performance.now();
    for (;;) {
      const state = (await (await fetch(`${live.base}/api/sync/state`, { headers: live.headers })).json()) as {
        initial: { phase: string };
      };
      if (state.initial.phase === 'done') break;
      if (performance.now() - t0 > 600_000) throw new Error('the initial sync did not end within 10 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    const initialSync = Math.round(performance.now() - t0);
    const read = async () => {
      const t = performance.now();
      const res = await fetch(`${live.base}/api/round`, { headers: live.headers });
      const body = (await res.json()) as RoundAnswer;
      if (res.status !== 200) throw new Error(`round answered ${res.status}`);
      return { ms: Math.round(performance.now() - t), body };
    };
    const reads = [await read(), await read(), await read()];
    const round = reads[0]?.body ?? { rows: [], monthsDue: 0 };
    const rows = round.rows;
    const declared = async () => {
      let months = 0;
      let duplicates = 0;
      for (const r of rows) {
        const res = await fetch(`${live.sandbox}/v1/claims/${r.claimId}/rentaldebts`, { headers: { authorization: `Bearer ${TOKEN}` } });
        const list = (await res.json()) as { id: string | null; rentDueDate: string }[];
        const seen = list.filter((d) => d.id !== null).map((d) => d.rentDueDate.slice(0, 7));
        months += seen.length;
        duplicates += seen.length - new Set(seen).size;
      }
      return { months, duplicates };
    };
    const before = await declared();
    const browser = await measureRoundInBrowser(live.base, rows.length);
    const after = await declared();
    // the same months again with new keys, 4 at a time: the partner must refuse every one
    const queue = rows.map((r) => ({
      claimId: r.claimId,
      body: { rentDueDate: r.months[0]?.rentDueDate ?? '', rentAmount: r.rentAmount, rentAmountReceived: 0 },
    }));
    const statuses: number[] = [];
    const worker = async () => {
      for (let j = queue.shift(); j; j = queue.shift()) {
        const res = await fetch(`${live.base}/api/v1/claims/${j.claimId}/rentaldebts`, {
          method: 'POST',
          headers: { ...live.headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify(j.body),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const afterAgain = await declared();
    return {
      rows: rows.length,
      monthsDue: round.monthsDue,
      initialSync,
      reads: reads.map((r) => r.ms),
      browser,
      added: after.months - before.months,
      againAccepted: statuses.filter((x) => x === 201).length,
      addedByRepeat: afterAgain.months - after.months,
      duplicates: afterAgain.duplicates,
    };
  } finally {
    live.stop();
  }
}

export function printRound(r: Awaited<ReturnType<typeof measureRound>>) {
  const loads = r.browser.loads;
  console.log(
    `\nThe monthly round at ${r.rows} open claims with a month to declare (${r.monthsDue} months due), served from the read model (initial sync ${r.initialSync} ms): ` +
      `GET /api/round ${r.reads.join(', ')} ms (median ${median(r.reads)} ms); ` +
      `in Chromium as staff, a page load in an open tab to usable (first Declare enabled, the grid drawn to the window's bottom) ${loads.join(', ')} ms (median ${median(loads)} ms; budget < 1000 ms: ${median(loads) < 1000 ? 'OK' : 'OVER'}); ` +
      `a reload ${r.browser.reloads.join(', ')} ms (median ${median(r.browser.reloads)} ms); ` +
      `a load in a new window (the window's making included) ${r.browser.newWindow.join(', ')} ms (median ${median(r.browser.newWindow)} ms); ` +
      `from the work queue's menu link to usable ${r.browser.fromMenu.join(', ')} ms (median ${median(r.browser.fromMenu)} ms); ` +
      `every row declared after one selection and one confirmation: ${r.browser.declared.sentOk}/${r.rows} accepted in ${r.browser.declared.ms} ms (budget < 20000 ms: ${r.browser.declared.ms < 20000 ? 'OK' : 'OVER'}); ` +
      `months added on the partner: ${r.added}; the same months again with new keys: ${r.againAccepted} accepted, ${r.addedByRepeat} added; duplicates: ${r.duplicates} (load average ${loadAverage()})`,
  );
}
