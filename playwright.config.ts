import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end journeys against the real product: the built app served by the compiled dashboard
 * server (`npm run serve`, what production runs), with the embedded sandbox on a fresh data
 * directory, in Debian's Chromium. `npm run test:e2e` builds the app and the server first.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    // the production path: the compiled server (npm run build), started as the README says (npm run serve)
    command: "node -e \"require('fs').rmSync('.e2e-data',{recursive:true,force:true})\" && npm run serve",
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      SANDBOX_PORT: String(PORT + 1000),
      DATA_DIR: '.e2e-data',
      LOG_LEVEL: 'warn',
      // the suite signs in ~60 times in a few minutes from one address; production keeps 10 a minute
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
});
