import { importSteps } from './next-task.js';

/**
 * zod and the contract's shared schemas, each evaluated in a task of its own (issue 14). They are
 * not in the app's first load: the page's HTML preloads them with the page's code, and whichever
 * module graph needing them were complete first would evaluate them with itself (a page's code and
 * zod and the contract: one task of 150 ms on a phone). The session's read, the routes' loaders and
 * the pages wait for this first; once done, it is done (a failed download is tried again).
 */
export const contractSteps = importSteps(
  // zod's core, then its schemas' API (two chunks: vite.config.ts), then the contract's shared schemas:
  // its rules, then the common schemas built with them (the two were one task of ~100 ms at 4x CPU),
  // then its enums (with the signed-in shell's work queue schemas, a task of ~50 ms at 4x)
  () => import('./zod-core.js'),
  () => import('./zod-api.js'),
  () => import('../../contract/rules.js'),
  () => import('../../contract/common.js'),
  () => import('../../contract/enums.js'),
);

/**
 * The schemas the pages' first reads check their answers with (router.tsx's reads, prefetch.ts),
 * each in a task of its own after the shared ones: the projects', the claims', then the operations'
 * table with its answers. With the reads' module they were one task of ~120 ms at 4x CPU.
 */
export const readSchemaSteps = importSteps(
  () => import('../../contract/projects.js'),
  () => import('../../contract/claims.js'),
  () => import('./operations.js'),
);
