import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { Engine } from '../../../src/sandbox/engine';
import type { Limits } from '../../../src/sandbox/protocol';

let quickjs: Promise<QuickJSWASMModule> | undefined;

/** The same QuickJS build the browser worker runs, loaded once per test file. */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  return (quickjs ??= newQuickJSWASMModuleFromVariant(RELEASE_SYNC));
}

/** The limits the tests run under unless they say otherwise. */
export const limits: Limits = {
  deadlineMs: 250,
  memoryBytes: 16 * 1024 * 1024,
  stackBytes: 128 * 1024,
  seed: 42,
  now: Date.UTC(2025, 0, 1),
  interrupt: true,
};

/** A fresh engine. */
export async function engine(): Promise<Engine> {
  return new Engine(await loadQuickJS());
}

/** A plugin module exporting `name` and the given body, e.g. `plugin('export function observed() {}')`. */
export function plugin(body: string, name = 'test'): string {
  return `export const name = ${JSON.stringify(name)};\n${body}\n`;
}
