/**
 * The start-up, in short steps (issue 14). Evaluating the app's modules at once (React DOM, the
 * router, MUI and emotion, zod and the contract's schemas, i18next) was one task of 100-300 ms on
 * a phone, during which a tap went unanswered. Here each step evaluates one part (already fetched:
 * index.html preloads every module of the start-up, scripts/startup-steps.ts) and then yields to
 * the browser, so the work is split into tasks of their own. The router starts as soon as its
 * modules have run, so the page's code and first reads are on their way while the rest of the app
 * evaluates. first-load-budget.ts checks that the entry script is only this file.
 */
import { nextTask } from './lib/next-task.js';

async function start(root: HTMLElement): Promise<void> {
  // After the browser's first frame: the app shell (index.html) paints what the server put in the
  // page (a list's rows, a title) before any of the app's code runs. A hidden tab draws no frame.
  if (!document.hidden) await new Promise(requestAnimationFrame);
  await nextTask();
  // the contract's error catalogue (plain data: zod and the schemas come with the pages and their reads)
  await import('./lib/api-error.js');
  await nextTask();
  // React and TanStack Query
  const { createQueryClient } = await import('./lib/query-client.js');
  await nextTask();
  // i18next, then its set-up with the shared copy
  await import('i18next');
  await nextTask();
  const { warmUpTranslation } = await import('./lib/i18n.js');
  await nextTask();
  // i18next's first translation (its code compiled, the plural rules built): not in the first render
  warmUpTranslation();
  await nextTask();
  // MUI's styling engine (emotion) and the theme: the router's error boundary draws with them
  await import('./app/theme.js');
  await nextTask();
  // the router: built, then started (its first navigation fetches the page's code and starts its
  // first reads), in two tasks (router.tsx)
  const [{ buildRouter }, { followSessionLoss }] = await Promise.all([import('./app/router.js'), import('./app/session-loss.js')]);
  const queryClient = createQueryClient();
  await nextTask();
  const router = buildRouter(queryClient);
  // the loaders' first reads will be on their way: a "not signed in" among them must send to sign-in
  followSessionLoss(queryClient, router);
  await nextTask();
  router.initialize();
  await nextTask();
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  // MUI's copy in the UI language (its number formatter is built on first use: lib/lazy-format-number.ts)
  await import('./app/mui-locales.js');
  await nextTask();
  const { drawApp } = await import('./app/provider.js');
  // The app shell (index.html, scripts/app-shell.ts) stays on screen until the page's code is
  // there: React's first render then draws the page itself.
  const draw = () => drawApp(createRoot(root), queryClient, router);
  if (router.state.initialized) draw();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      draw();
    });
  }
}

const root = document.getElementById('root');
if (root) void start(root);
