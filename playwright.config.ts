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
  // two products side by side (E2E_WORKERS=1 for one); a spec file runs whole in one worker
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    locale: 'fr-FR',
    trace: 'retain-on-failure',
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
