/**
 * MUI's number formatter built on first use (src/web/lib/lazy-format-number.ts): a Vite plugin
 * that gives MUI's modules that module where they import `locale/utils/buildFormatNumber`.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const LAZY = fileURLToPath(new URL('../src/web/lib/lazy-format-number.ts', import.meta.url));

export function lazyNumberFormat(): Plugin {
  return {
    name: 'lazy-number-format',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.includes('/@mui/material/') && /\/utils\/buildFormatNumber\.mjs$/.test(source)) return LAZY;
      return null;
    },
  };
}
