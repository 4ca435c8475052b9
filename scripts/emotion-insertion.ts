/**
 * emotion writes a styled element's styles while it renders instead of in React's commit
 * (src/web/lib/emotion-insertion.ts): the alias for the build (vite.config.ts) and the web tests.
 */
import { fileURLToPath } from 'node:url';

export const emotionInsertionAlias = {
  find: /^@emotion\/use-insertion-effect-with-fallbacks$/,
  replacement: fileURLToPath(new URL('../src/web/lib/emotion-insertion.ts', import.meta.url)),
};
