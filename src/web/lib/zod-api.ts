/**
 * A way into zod's schema API (its chunk: vite.config.ts), evaluated by contract-steps.ts in a task
 * of its own after zod's core. A dynamic import of 'zod' itself would keep every export of it (the
 * namespace), all of zod's locales included.
 */
export { object } from 'zod';
