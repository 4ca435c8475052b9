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

/** Import boundaries of docs/conventions: contract → zod only; sandbox and server → contract; web → contract. */
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['zod/*'], message: 'import from "zod"' }] }],
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
);
