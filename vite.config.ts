import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appShell, precompress } from './scripts/app-shell.js';
import { emotionInsertionAlias } from './scripts/emotion-insertion.js';
import { lazyNumberFormat } from './scripts/lazy-number-format.js';
import { startupSteps } from './scripts/startup-steps.js';

/** The entry chunk's file (index.html's script: main.tsx with what only it imports). */
const ENTRY_CHUNK = /^assets\/index-[\w-]{8}\.js$/;

export default defineConfig({
  plugins: [react(), lazyNumberFormat(), startupSteps(), appShell(), precompress()],
  resolve: { alias: [emotionInsertionAlias] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    modulePreload: {
      // The entry chunk has run before any dynamic import: Vite's preload helper would still add a
      // modulepreload link for it at the first import that shares its modules (the app shell loads it
      // as a script, which the helper does not look for), a tag inserted inside a start-up step.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ENTRY_CHUNK.test(dep)),
    },
    rollupOptions: {
      output: {
        // A few libraries in one chunk each rather than in many small ones (first load ≤ 200 KB gzip:
        // each chunk compresses on its own). Each group is evaluated by one step of the start-up
        // (main.tsx): a group must not hold a module that an earlier step would then run with it.
        codeSplitting: {
          groups: [
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'emotion', test: /node_modules[\\/](@emotion|stylis)[\\/]/ },
            // zod in two chunks, each evaluated in a task of its own (lib/contract-steps.ts)
            // (with the module each step imports: no chunk of its own, which the page's HTML would not preload)
            { name: 'zod-core', test: /node_modules[\\/]zod[\\/]v4[\\/](core|locales)[\\/]|src[\\/]web[\\/]lib[\\/]zod-core\.ts/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/](?!v4[\\/](core|locales)[\\/])|src[\\/]web[\\/]lib[\\/]zod-api\.ts/ },
            // i18next apart from the app's copy and its set-up: two steps of the start-up (main.tsx)
            { name: 'i18next', test: /node_modules[\\/]i18next[\\/]/ },
            { name: 'mui-locales', test: /node_modules[\\/]@mui[\\/]material[\\/]locale[\\/]|src[\\/]web[\\/]app[\\/]mui-locales\.ts/ },
            // what MUI X Charts is built on (its d3, gestures, selectors) apart from the charts themselves: a
            // chart's code is evaluated in two steps (lib/chart-steps.ts), one task of 80-120 ms on a phone before
            // (not @base-ui/utils: a group takes its modules' dependencies, and use-sync-external-store is in the first load)
            {
              name: 'charts-base',
              test: /node_modules[\\/](d3-[\w-]+|internmap|@mui[\\/]x-charts-vendor|@mui[\\/]x-internal-gestures|bezier-easing|flatqueue|reselect)[\\/]|src[\\/]web[\\/]lib[\\/]chart-base\.ts/,
            },
          ],
        },
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/src/web/app/routes/')
            ? 'assets/page-[name]-[hash].js'
            : chunk.moduleIds.some((id) => id.includes('/@mui/x-date-pickers/DatePicker/'))
              ? 'assets/date-pickers-[hash].js'
              : chunk.moduleIds.some((id) => id.includes('/@mui/x-charts/BarChart/'))
                ? 'assets/charts-[hash].js'
                : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/webhooks': 'http://127.0.0.1:3000' },
  },
});
