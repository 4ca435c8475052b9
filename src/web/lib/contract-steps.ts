import { nextTask } from './next-task.js';

let ready: Promise<void> | undefined;

/**
 * zod and the contract's shared schemas, each evaluated in a task of its own (issue 14). They are
 * not in the app's first load: the page's HTML preloads them with the page's code, and whichever
 * module graph needing them were complete first would evaluate them with itself (a page's code and
 * zod and the contract: one task of 150 ms on a phone). The session's read, the routes' loaders and
 * the pages wait for this first; once done, it is done (a failed download is tried again).
 */
export function contractSteps(): Promise<void> {
  ready ??= (async () => {
    // zod's core, then its schemas' API (two chunks: vite.config.ts), then the contract's shared schemas
    await import('./zod-core.js');
    await nextTask();
    await import('./zod-api.js');
    await nextTask();
    await import('../../contract/common.js');
    await nextTask();
  })().catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
}
