import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** Inside the SPA: app → features → components and lib; features never import each other. */
const FEATURES = readdirSync('./src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webLayers = [
  ...FEATURES.map((f) => ({
    target: `./src/web/features/${f}`,
    from: './src/web/features',
    except: [`./${f}`],
    message: 'features never import each other: the app composes them (routes, layout)',
  })),
  { target: './src/web/features', from: './src/web/app', message: 'features never import the app' },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/features', './src/web/app'],
    message: 'shared components and lib import neither features nor the app',
  },
];

/** Import boundaries of docs/conventions.md: contract → zod only; sandbox and server → contract; web → contract. */
const boundaries = {
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        { target: './src/contract', from: ['./src/sandbox', './src/server', './src/web'], message: 'contract depends on zod only' },
        { target: './src/sandbox', from: ['./src/server', './src/web'], message: 'the sandbox is a separate service' },
        { target: './src/server', from: ['./src/web'], message: 'the server does not import the SPA' },
        {
          target: './src/server',
          from: './src/sandbox',
          except: [],
          message: 'the server talks to the sandbox over HTTP only (tests and the start script may embed it)',
        },
        { target: './src/web', from: ['./src/sandbox', './src/server', './src/platform'], message: 'the SPA imports only the contract' },
        ...webLayers,
        {
          target: './src/platform',
          from: ['./src/sandbox', './src/server', './src/web'],
          message: 'platform: Node helpers shared by the sandbox and the server, importing neither',
        },
      ],
    },
  ],
};

/**
 * Libraries through their public API only (docs/conventions.md, "Libraries and speed"): no react-router
 * `UNSAFE_` export, no import from a package's internal or build folders (a path an upgrade may move
 * or change without a changelog line).
 */
const libraryInternals = [
  {
    group: ['react-router', 'react-router-dom'],
    importNamePattern: '^UNSAFE_',
    message: 'react-router’s UNSAFE_ exports are not its public API',
  },
  {
    // (MUI: "anything deeper than second-level imports is considered private")
    group: [
      '@mui/*/*/*',
      '**/internal',
      '**/internal/**',
      '**/internals/**',
      '**/node_modules/**',
      '@*/*/dist/**',
      '[!.]*/dist/**',
      '@*/*/esm/**',
      '[!.]*/esm/**',
    ],
    message: 'a library’s internal module: use its public entry points',
  },
];
/** ...and no private fields: zod's `_zod` (its internals), any `__`-prefixed member (`__dirname`/`__filename` are Node's). */
const privateFields = [
  {
    selector: "MemberExpression[property.name='_zod'], MemberExpression[property.value='_zod']",
    message: 'zod’s `_zod` is private: use its public API',
  },
  {
    selector: 'MemberExpression[property.name=/^__/]:not([property.name=/^__(dirname|filename)$/]), MemberExpression[property.value=/^__/]',
    message: '`__`-prefixed members are private to their library',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      ...boundaries,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      'import-x/no-cycle': 'error',
      'no-restricted-imports': ['error', { patterns: [{ group: ['zod/*'], message: 'import from "zod"' }, ...libraryInternals] }],
      'no-restricted-syntax': ['error', ...privateFields],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
  },
  {
    files: ['src/contract/**/*.ts'],
    ignores: ['src/contract/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.).*', message: 'contract imports zod only' }] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/server/**/*.test.ts', 'src/server/test/**/*.ts', 'src/server/start-sandbox.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // each Playwright worker runs against its own server: a spec's test must come with that fixture
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['zod/*'], message: 'import from "zod"' }, ...libraryInternals],
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "import test from './support' (its worker fixture starts this worker's own server and sets baseURL)",
            },
          ],
        },
      ],
    },
  },
);
