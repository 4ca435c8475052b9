/**
 * The monthly round's answer to a tap on a mid-range phone (issue 39's budget: INP <= 200 ms), for
 * `npm run bench` (BENCH_ONLY=round-inp alone): about 50 open claims with a month due, the round
 * opened in Debian's Chromium with its CPU slowed 4x, web-vitals listening for Interaction to Next
 * Paint; a user ticks "every row shown", opens "declare the checked rows" and confirms. The INP read
 * after each of the three (the worst so far, as web-vitals reports it); three runs, each on a server
 * and sandbox of its own with the same seed (a run declares the rows' oldest month: the next would find fewer).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { median } from './support/figures.js';
import { startLive } from './support/live.js';

const STAFF = { email: 'bench-staff@demo.fr', password: 'bench-password-1' };
const WEB_VITALS = resolve('node_modules/web-vitals/dist/web-vitals.iife.js');
const RUNS = 3;

export interface RoundInp {
  rows: number[];
  /** per run: the INP after the tick, after opening the dialog, after the confirmation (the worst so far) */
  inp: { tick: number; open: number; confirm: number }[];
}

export async function measureRoundInp(workDir: string, users: string): Promise<RoundInp> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const result: RoundInp = { rows: [], inp: [] };
    for (let run = 0; run < RUNS; run++) {
      // 275 projects give about 60 active contracts; the demo's claim plan leaves 5 in 6 open with months due
      const live = await startLive(
        workDir,
        `round-inp-${run}`,
        users,
        { SANDBOX_SEED_PROJECTS: '275', SANDBOX_SEED_CLAIMS: '60' },
        { STATIC_DIR: resolve(process.env.BENCH_BUILD ?? 'build', '..', 'dist') },
      );
      const context = await browser.newContext({ baseURL: live.base, viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
      try {
        await synced(live.base, live.headers);
        const login = await context.request.post('/api/login', { headers: { origin: live.base }, data: STAFF });
        if (!login.ok()) throw new Error(`staff sign-in answered ${login.status()}`);
        await context.addInitScript({
          content: `${readFileSync(WEB_VITALS, 'utf8')};
webVitals.onINP((metric) => { window.benchInp = metric.value; }, { reportAllChanges: true, durationThreshold: 16 });`,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto('/round');
        const main = page.getByRole('main');
        const all = main.getByRole('checkbox', { name: 'Cocher toutes les lignes affichées' });
        await all.waitFor({ timeout: 60_000 });
        await page.waitForTimeout(1000);
        // event timings reach the observer after the next paint
        const inp = async () => {
          await page.waitForTimeout(500);
          return Math.round((await page.evaluate(() => (window as unknown as { benchInp?: number }).benchInp)) ?? 16);
        };
        await all.check();
        const tick = await inp();
        const declare = main.getByRole('button', { name: /^Déclarer les \d+ lignes cochées$/ });
        const rows = Number((await declare.textContent())?.match(/\d+/)?.[0] ?? 0);
        await declare.click();
        const dialog = page.getByRole('dialog', { name: 'Déclarer ces mois ?' });
        await dialog.waitFor();
        const open = await inp();
        await dialog.getByRole('button', { name: 'Déclarer' }).click();
        await page.getByText(/^Envoi en cours/).waitFor({ state: 'detached', timeout: 180_000 });
        const confirm = await inp();
        result.rows.push(rows);
        result.inp.push({ tick, open, confirm });
      } finally {
        await context.close();
        live.stop();
      }
    }
    return result;
  } finally {
    await browser.close();
  }
}

async function synced(base: string, headers: Record<string, string>): Promise<void> {
  for (const t0 = Date.now(); ;) {
    const state = (await (await fetch(`${base}/api/sync/state`, { headers })).json()) as { initial: { phase: string } };
    if (state.initial.phase === 'done') return;
    if (Date.now() - t0 > 600_000) throw new Error('the initial sync did not end within 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}

export function printRoundInp(r: RoundInp): void {
  const worst = r.inp.map((x) => x.confirm);
  console.log(
    `\nThe round's "declare the checked rows" on a phone (CPU 4x slower, web-vitals INP, the worst interaction of the page so far), ` +
      `${RUNS} runs of ${r.rows.join(', ')} rows: ` +
      r.inp.map((x) => `tick ${x.tick} / open ${x.open} / confirm ${x.confirm} ms`).join('; ') +
      `; median ${median(worst)} ms (budget <= 200 ms: ${median(worst) <= 200 ? 'OK' : 'OVER'})`,
  );
}
