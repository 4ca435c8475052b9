import { defineConfig } from '@playwright/test';
import suite from '../playwright.config.js';

/**
 * Browser benchmarks run with Playwright against the product the end-to-end suite starts (its
 * `product` fixture, e2e/support.ts): the files named `*.bench.ts` here. They report figures and
 * never fail on a duration; they are not part of `npm test`. `npm run bench:claim-workspace`.
 */
export default defineConfig({
  ...suite,
  testDir: '.',
  testMatch: '*.bench.ts',
  reporter: [['list']],
  // five loads of a large claim, made through the partner API first
  timeout: 120_000,
});
