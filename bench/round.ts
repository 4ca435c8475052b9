/**
 * The monthly round in a browser (issue 28's budget: "the round's page usable in under 1 s with
 * 200 open claims"), for `npm run bench` (BENCH_ONLY=round): Debian's Chromium through Playwright,
 * signed in as staff at 1280 × 800 in French, against a live-mode server that serves the built app.
 */
import { chromium, type Page } from '@playwright/test';

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
