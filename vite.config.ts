import { defineConfig } from 'vite';
import type { Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.js';

/** Modules statically imported from `from` (a path under the root), itself included: computed once per chunking pass. */
const closures = new WeakMap<object, Map<string, Set<string>>>();
function reachable(ctx: Rolldown.ChunkingContext, from: string): Set<string> {
  let byStart = closures.get(ctx);
  if (!byStart) closures.set(ctx, (byStart = new Map()));
  let seen = byStart.get(from);
  if (seen) return seen;
  seen = new Set();
  const start = `${import.meta.dirname}${from}`;
  const queue = [start];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  byStart.set(from, seen);
  return seen;
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // React and the router in a chunk of their own: they change with an upgrade, not with each
        // release of the app, so the browser keeps them cached. Then three chunks by where modules are
        // needed, not one per module set: `boot` (what main.tsx imports: the first load), `shared`
        // (the signed-in shell's modules the sign-in page needs too: MUI's inputs, zod, the contract's
        // common schemas) and `signed-in` (the rest of the shell: menu, badges' reads, live events).
        // Left to the bundler they were ~50 chunks of 0.1-8 KB: a signed-in page loaded 67 files,
        // each a request the page's main thread handles (the round's profile: more time there than
        // in React). The first load stays main.tsx's own imports (a group takes its modules'
        // dependencies: `boot` holds them before the others can); pages keep a chunk each.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            {
              name: (id, ctx) => (reachable(ctx, '/src/web/main.tsx').has(id) && !id.endsWith('/src/web/main.tsx') ? 'boot' : null),
              priority: 2,
            },
            {
              name: (id, ctx) =>
                reachable(ctx, '/src/web/app/require-session.tsx').has(id)
                  ? reachable(ctx, '/src/web/app/routes/sign-in.tsx').has(id)
                    ? 'shared'
                    : 'signed-in'
                  : null,
              priority: 1,
            },
          ],
        },
        // readable names in the network panel: a page's code, the date pickers', the charts'
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
