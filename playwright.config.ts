import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys against the real product: the built app served by the compiled dashboard
 * server (`npm run serve`, what production runs), with the embedded sandbox on a fresh data
 * directory, in Debian's Chromium. `npm run test:e2e` builds the app and the server first. Each
 * worker starts its own server and sandbox (the `product` fixture of e2e/support.ts, on
 * E2E_PORT + 10 × its index): specs import `test` from './support', never from '@playwright/test'.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // each worker runs its own product (e2e/support.ts), so E2E_WORKERS=2 is safe; one by default: on
  // a 2-core machine two workers (two servers, two sandboxes, two Chromiums) ran the load to 14 and
  // the tests into their timeouts (2026-11-26), for no time saved
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // a red run means a broken product: a test that passes only on a second try has a race to fix
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    locale: 'fr-FR',
    // the tests' user asked the system for less motion (the app honours it: theme.ts): a menu or
    // dialog is there at once, where a click used to wait for its 200-300 ms transition to settle
    // (a few percent of the suite's time); shell.spec.ts proves both settings
    reducedMotion: 'reduce',
    // no trace: recording one for every test (to keep a failed test's) made the suite a third slower
    // on 2 cores (two specs: 57 s without, 72 s with DOM snapshots only, 85-96 s with screenshots);
    // a failure keeps its screenshot, and `npx playwright test <spec> --trace on` records one when
    // a failure needs it
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
