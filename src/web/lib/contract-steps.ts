import { importSteps } from './next-task.js';

/**
 * zod and the contract's shared schemas, each evaluated in a task of its own (issue 14). They are
 * not in the app's first load: the page's HTML preloads them with the page's code, and whichever
 * module graph needing them were complete first would evaluate them with itself (a page's code and
 * zod and the contract: one task of 150 ms on a phone). The session's read, the routes' loaders and
 * the pages wait for this first; once done, it is done (a failed download is tried again).
 */
export const contractSteps = importSteps(
  // zod's core, then its schemas' API (two chunks: vite.config.ts), then the contract's shared schemas
  () => import('./zod-core.js'),
  () => import('./zod-api.js'),
  () => import('../../contract/common.js'),
);
