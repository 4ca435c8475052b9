import { defineConfig } from 'vite';
import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.js';

/** MUI's core and the packages it is built on (MUI X is released apart: not here). */
const MUI =
  /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|types|icons-material)|@emotion|@popperjs|react-transition-group|clsx|prop-types|react-is|stylis|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/;
/** The form libraries: fields and validation, phone numbers, file drops. */
const FORM_LIBRARIES = /node_modules[\\/](react-hook-form|@hookform|libphonenumber-js|react-dropzone|attr-accept|file-selector)[\\/]/;
/** The app's own form parts built on them: the fields, the draft-keeping form, the contract's resolver. */
const FORM_MODULES = /src[\\/]web[\\/](components[\\/]form[\\/]|lib[\\/](use-draft-form|contract-resolver|apply-server-errors)\.ts)/;
/**
 * What a page's first read needs and nothing more: the typed client of the partner operations (their
 * paths, no schema) and the query keys.
 */
const READ_CLIENT =
  /src[\\/](web[\\/]lib[\\/](operations|query-keys)|web[\\/]features[\\/][^\\/]+[\\/]api[\\/]keys|contract[\\/](paths|guid))\.ts$/;

/**
 * The partner's files: the claim and project schemas with the lists' answers and the audit trail's
 * (the contract changes them together with the spec), and the claims', projects' and audit's
 * features. The work queue, the shell and the sign-in page show none of them.
 */
const FILES =
  /src[\\/](contract[\\/](claims|claim-[a-z-]+|projects|lists|audit|audit-words|wording)\.ts$|web[\\/]features[\\/](claims|projects|audit)[\\/])/;

export default defineConfig({
  // The React Compiler memoizes components and hooks: plugin-react 6 no longer runs Babel, so the
  // compiler's Babel plugin runs through @rolldown/plugin-babel, with plugin-react's own preset.
  plugins: [react(), babel({ presets: [reactCompilerPreset()] }), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // which chunk is a page's: scripts/first-load-budget.ts reads it from the manifest
    manifest: true,
    rollupOptions: {
      output: {
        // Rolldown's own grouping (its documented codeSplitting groups, by package and by how many
        // pages share a module; no module graph walked here), so that a page loads about 20 files,
        // not a hundred: each shared module in a group's file, by what changes together and how
        // widely it is used. No group merges the modules of different pages by a size threshold
        // (entriesAware with entriesAwareMergeThreshold): tried, it made files that import each
        // other in a circle, a module ran before the one it uses was, and the app drew a blank page
        // without an error; scripts/chunk-graph.ts refuses a build with such a circle.
        codeSplitting: {
          groups: [
            // the first load (what index.html loads before anything renders): the libraries, which
            // change with an upgrade, then the app's own modules, which change with each release
            // (with the entry's own module, in the entry's file)
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 100 },
            {
              name: 'first',
              test: (id) => !id.includes('node_modules') && !id.endsWith('/src/web/main.tsx'),
              tags: ['$initial'],
              priority: 90,
            },
            // MUI's components and what they are built on, used by three pages or more: one file, upgraded together
            { name: 'mui', test: MUI, minShareCount: 3, priority: 80 },
            // the contract's schema library: every read parses its answer with it
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 75 },
            // the client of the partner operations and the query keys, apart from the schemas: a
            // page's first read leaves as soon as they are there, its answer's schemas load beside it
            { name: 'reads', test: READ_CLIENT, priority: 78, includeDependenciesRecursively: false },
            // what forms are made of (the libraries and the app's fields), for the parts that show
            // one: a page whose forms open on a tap does not load it before its first screen
            {
              name: 'forms',
              test: (id) => FORM_LIBRARIES.test(id) || FORM_MODULES.test(id),
              minShareCount: 2,
              priority: 70,
              includeDependenciesRecursively: false,
            },
            // other libraries three pages or more use (TanStack's, dayjs…)
            { name: 'libs', test: /node_modules/, minShareCount: 3, priority: 65 },
            // the files' schemas and reads, used by three pages or more: a file of their own, so that a
            // page that shows no claim or project (the work queue) does not run them at start (zod
            // builds a schema where it is declared)
            { name: 'files', test: FILES, minShareCount: 3, priority: 58 },
            // the app's other modules three pages or more use (components, the contract's common rules, copy helpers)
            { name: 'shared', test: (id) => !id.includes('node_modules') && !FILES.test(id), minShareCount: 3, priority: 60 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/webhooks': 'http://127.0.0.1:3000' },
  },
});
