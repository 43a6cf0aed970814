// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import patterns a layer may not use; see DESIGN §7 and the README's folder layout. */
const ui = { group: ['**/ui/**', '**/ui'], message: 'Only the entry point (src/main.ts) may import src/ui.' };
const tools = { group: ['**/tools/**', '**/tools'], message: 'This layer knows no tools.' };
const plugins = { group: ['**/plugins/**', '**/plugins'], message: 'This layer may not import plugins.' };

/** DOM globals the harness may not touch, so it keeps running in Node tests. */
const domGlobals = [
  'window',
  'document',
  'navigator',
  'HTMLElement',
  'Element',
  'localStorage',
  'indexedDB',
].map((name) => ({ name, message: 'src/harness has no DOM.' }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.test-dist/**',
      'node_modules/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/harness/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [ui, tools, plugins] }],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  },
  {
    files: ['src/fs/**', 'src/tools/**', 'src/plugins/**', 'src/model/**', 'src/sandbox/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ui] }] },
  },
  {
    files: ['src/tools/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ui, plugins] }] },
  },
  {
    files: ['src/fs/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ui, tools, plugins] }] },
  },
);
