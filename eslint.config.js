// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { cardKindNames, noToolNames, toolNames } from './scripts/lint/no-tool-names.mjs';

/**
 * The layers of src/ and the layers each may import (DESIGN §7; the README's folder layout). Everything
 * else is refused by `no-restricted-imports`, so a layer rule broken is a lint error with the reason.
 */
const layers = {
  harness: [],
  // The filesystem stands alone: the tools layer maps its errors to tool errors.
  fs: [],
  // The contracts shared by tools, plugins and the sandbox (the write and edit intents).
  contracts: ['harness', 'fs'],
  tools: ['harness', 'fs', 'contracts'],
  // Plugins and the sandbox are written against the harness API and the contracts, never the tools.
  plugins: ['harness', 'contracts'],
  sandbox: ['harness', 'contracts'],
  model: ['harness'],
  // A real model's HTTP providers: requests and streamed replies, on the model's settings and words.
  providers: ['harness', 'model'],
  // What the page keeps in this browser beside the workspace: its databases opened together, the
  // sessions and their autosave, the lab's database, the model's settings.
  storage: ['harness', 'fs', 'model'],
  // The composition root: builds a run from every layer below the interface.
  run: ['harness', 'fs', 'contracts', 'tools', 'plugins', 'model', 'providers'],
  // The embed kit runs on tutorial pages, built alone into dist/embed.js: it stays small by importing
  // nothing of the project (no zod). Its protocol module is what the interface shares with it.
  kit: [],
  ui: ['harness', 'fs', 'contracts', 'plugins', 'model', 'providers', 'storage', 'run', 'sandbox', 'kit'],
};

const why = {
  ui: 'Only the entry point (src/main.ts) may import src/ui.',
  tools: 'This layer knows no tools: use the harness API, or the contracts in src/contracts.',
};

/** The import patterns layer `name` may not use, each with its reason. */
function refusedImports(name) {
  return Object.keys(layers)
    .filter((other) => other !== name && !layers[name].includes(other))
    .map((other) => ({
      group: [`**/${other}/**`, `**/${other}`],
      message:
        why[other] ??
        `src/${name} may not import src/${other} (allowed: ${layers[name].join(', ') || 'nothing else of the project'}).`,
    }));
}

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
      'examples/vitepress/.vitepress/cache/**',
      'examples/vitepress/.vitepress/dist/**',
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
  ...Object.keys(layers).map((name) => ({
    files: [`src/${name}/**`],
    rules: {
      'no-restricted-imports': ['error', { patterns: refusedImports(name) }],
      ...(name === 'harness' ? { 'no-restricted-globals': ['error', ...domGlobals] } : {}),
    },
  })),
  {
    // The interface knows card kinds, never tool names (DESIGN §1): see scripts/lint/no-tool-names.mjs.
    files: ['src/ui/**'],
    plugins: { playground: { rules: { 'no-tool-names': noToolNames } } },
    rules: {
      'playground/no-tool-names': ['error', { tools: toolNames(), cardKinds: cardKindNames() }],
    },
  },
  {
    // A file past 400 lines holds more than one idea: split it by what its parts do.
    files: ['src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
);
