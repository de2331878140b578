import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every feature folder: each may import shared code and itself, never another feature. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The shared folders under src/, which no feature and no page owns. */
const SHARED = ['components', 'config', 'lib', 'locales', 'types'];

/**
 * Imports flow one way: shared -> features -> app (STYLE.md, bulletproof-react). A
 * feature that needs another's piece moves that piece down to a shared folder; only
 * src/app (routes and pages) composes features. src/testing, the test harness, may
 * reach everything.
 */
const acrossFeatures = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'A feature imports shared code (components, config, lib, types) and its own folder, never another feature.',
}));
const intoApp = {
  target: './src/features',
  from: './src/app',
  message: 'Features do not import the app: the app composes features.',
};
const sharedDown = SHARED.map((folder) => ({
  target: `./src/${folder}`,
  from: ['./src/features', './src/app'],
  message: 'Shared code imports only shared code: move what it needs down, or pass it in.',
}));
const TESTS = ['src/**/*.test.{ts,tsx}'];

export default tseslint.config(
  // src/types/api.gen.ts is openapi-typescript's output (scripts/gen-api-types.mjs), checked by tsc.
  { ignores: ['dist/', 'node_modules/', 'playwright-report/', 'test-results/', 'src/types/api.gen.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...acrossFeatures, intoApp, ...sharedDown] }],
    },
  },
  {
    // A feature's tests may render the whole app (as src/testing/render.tsx does) and load
    // its lazy pages, to follow a flow across pages; they still never reach another feature.
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...acrossFeatures, ...sharedDown] }],
    },
  },
  {
    files: ['e2e/**/*.{ts,mjs}', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/sw.js'],
    // __PRECACHE__ is the placeholder vite.config.ts replaces with the file list at build time.
    languageOptions: { globals: { ...globals.serviceworker, __PRECACHE__: 'readonly' } },
  },
  {
    rules: {
      // `_` marks a parameter a signature requires but the body does not read.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
