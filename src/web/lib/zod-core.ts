/**
 * A way into zod's core alone (its own chunk: vite.config.ts), so that contract-steps.ts evaluates
 * it in a task of its own before zod's schema API. Importing 'zod/v4/core' itself would keep every
 * export of it, all of zod's locales included.
 */
// the one import of zod's core: it only orders evaluation; schemas are written with 'zod' (conventions)
// eslint-disable-next-line no-restricted-imports
export { $constructor } from 'zod/v4/core';
