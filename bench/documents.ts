/**
 * A document from a phone's camera (issue 40), for `npm run bench` (BENCH_ONLY=documents alone):
 * five 12-megapixel photos (4000 × 3000, photo-like: noise and shading under lines of text, made
 * by the browser before the measure) given to a project's document in Debian's Chromium with its
 * CPU slowed 4x (a mid-range phone), then "Prepare the PDF". Reports the PDF's size as the partner
 * lists it (goal <= 3 MB, against the photos' own sizes), the assembly's time from the tap to
 * "PDF ready" (goal < 5 s; the photos handed over and listed before), and the browser's peak memory as processes (the proportional set size
 * of every Chromium process of this bench, sampled every 50 ms: decoded images live outside the
 * JavaScript heap). Three runs, each on a new page; medians.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { photo } from '../e2e/fixtures/photos.js';
import { median } from './support/figures.js';
import { benchProject, startLive } from './support/live.js';

const STAFF = { email: 'bench-staff@demo.fr', password: 'bench-password-1' };
const RUNS = 3;
const PHOTOS = 5;
/** BENCH_PROFILE=path: the page's CPU profile of each assembly, written to path-N.cpuprofile (Chrome DevTools opens it). */
const PROFILE = process.env.BENCH_PROFILE;
/** BENCH_CPU_RATE=n: the page's CPU n times slower (4, a mid-range phone; 1 for this machine as it is). */
const RATE = Number(process.env.BENCH_CPU_RATE ?? 4);

/** Proportional set size (MB) of every process descending from `root` (Linux /proc): shared pages counted once over all. */
function treePss(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let kb = 0;
  for (const queue = [...(children.get(root) ?? [])]; queue.length > 0;) {
    const pid = queue.pop() as number;
    queue.push(...(children.get(pid) ?? []));
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

/** A phone camera's photo: 4000 × 3000, photo-like, drawn by the page (unthrottled), as the end-to-end tests make theirs. */
const cameraPhoto = (page: Page, name: string) => photo(page, name, 4000, 3000);

export interface DocumentsRun {
  photosBytes: number;
  pdfBytes: number;
  assemblyMs: number;
  /** Chromium's processes once the photos are listed, and at their peak until the PDF was ready (MB, PSS). */
  memory: { before: number; peak: number };
}

export async function measureDocuments(workDir: string, users: string): Promise<DocumentsRun[]> {
  const live = await startLive(
    workDir,
    'documents',
    users,
    { SANDBOX_SEED_PROJECTS: '20', SANDBOX_SEED_CLAIMS: '0' },
    { STATIC_DIR: resolve(process.env.BENCH_BUILD ?? 'build', '..', 'dist') },
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const runs: DocumentsRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      const project = await benchProject(live);
      const context = await browser.newContext({ baseURL: live.base, viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
      try {
        const login = await context.request.post('/api/login', { headers: { origin: live.base }, data: STAFF });
        if (!login.ok()) throw new Error(`staff sign-in answered ${login.status()}`);
        const page = await context.newPage();
        await page.goto(`/projects/${project.id}`);
        const input = page.getByLabel("Pièce d'identité", { exact: true });
        await input.waitFor({ state: 'attached', timeout: 60_000 });
        const photos = [];
        for (let i = 1; i <= PHOTOS; i++) photos.push(await cameraPhoto(page, `photo-${i}.jpg`));
        // the files handed over first (22 MB through the test protocol), the pages listed, their
        // previews and readability checks done: the measure is the assembly on a slowed phone
        await input.setInputFiles(photos);
        await page.getByRole('listitem', { name: /^Page 5 sur 5/ }).waitFor({ timeout: 60_000 });
        await page.waitForTimeout(3000);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
        const before = treePss(process.pid);
        let peak = before;
        const timer = setInterval(() => (peak = Math.max(peak, treePss(process.pid))), 50);
        let assemblyMs = 0;
        try {
          const prepare = page.getByRole('button', { name: 'Préparer le PDF' });
          await prepare.waitFor();
          if (PROFILE) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.start');
          }
          const t0 = Date.now();
          await prepare.click();
          await page.getByText(/^PDF prêt : 5 pages, /).waitFor({ timeout: 120_000 });
          assemblyMs = Date.now() - t0;
          if (PROFILE) writeFileSync(`${PROFILE}-${run + 1}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
        } finally {
          clearInterval(timer);
        }
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await page.getByRole('button', { name: 'Envoyer le document' }).click();
        await page.getByRole('list', { name: 'Fichiers envoyés' }).getByRole('listitem').first().waitFor({ timeout: 120_000 });
        const listed = (await (await context.request.get(`/api/v3/projects/${project.id}/documents`)).json()) as {
          size: number;
          contentType: string;
        }[];
        runs.push({
          photosBytes: photos.reduce((sum, p) => sum + p.buffer.length, 0),
          pdfBytes: listed.find((d) => d.contentType === 'application/pdf')?.size ?? Number.NaN,
          assemblyMs,
          memory: { before: Math.round(before), peak: Math.round(peak) },
        });
      } finally {
        await context.close();
      }
    }
    return runs;
  } finally {
    await browser.close();
    live.stop();
  }
}

export function printDocuments(runs: DocumentsRun[]): void {
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const size = median(runs.map((r) => r.pdfBytes));
  const time = median(runs.map((r) => r.assemblyMs));
  console.log(
    `\nA document from a phone's camera: ${PHOTOS} photos of 4000 × 3000 (${runs.map((r) => `${mb(r.photosBytes)} MB`).join(', ')} as photos) ` +
      `to one PDF in Chromium with its CPU slowed ${RATE}x, ${runs.length} runs: ` +
      `the PDF ${runs.map((r) => `${mb(r.pdfBytes)} MB`).join(', ')} (median ${mb(size)} MB; goal <= 3 MB: ${size <= 3e6 ? 'OK' : 'OVER'}); ` +
      `the assembly from the tap to "PDF ready" ${runs.map((r) => `${r.assemblyMs} ms`).join(', ')} (median ${time} ms; goal < 5000 ms: ${time < 5000 ? 'OK' : 'OVER'}); ` +
      `the browser's processes (PSS) ${runs.map((r) => `${r.memory.before} → peak ${r.memory.peak} MB`).join(', ')} ` +
      `(median growth ${median(runs.map((r) => r.memory.peak - r.memory.before))} MB)`,
  );
}
