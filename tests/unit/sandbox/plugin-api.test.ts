import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  type Card,
  type Content,
  type ErrorCode,
  type HarnessEvent,
  type Json,
  type PostExecuteInput,
  type PreExecuteInput,
  type ResultError,
  type ToolResult,
  postExecute,
  preExecute,
} from '../../../src/harness';
import type * as Api from '../../../src/sandbox/plugin-api';
import { readFileSync } from 'node:fs';
import { pluginApiSummary } from '../../../src/sandbox/api-summary';
import { guestHookSpecs } from '../../../src/sandbox/guest-hooks';
import { guestHooks, type GuestFunction, type GuestHook } from '../../../src/sandbox/wire';
import { editIntent, writeIntent } from '../../../src/contracts/fs-intents';

// The type assertions below fail `npm run check` when src/sandbox/plugin-api.ts drifts from the
// harness's types in either direction (toEqualTypeOf is an equality, not an assignability).

type Listener<H extends { of: (listener: never) => unknown }> = Parameters<H['of']>[0];
type Decision<H extends { spec: { decision: z.ZodType } }> = z.infer<H['spec']['decision']>;
// The guest receives the input as JSON: a key whose value is undefined is absent.
type AsJson<T, K extends keyof T> = Flat<Omit<T, K> & { [P in K]?: T[P] }>;
type Flat<T> = { [K in keyof T]: T[K] };

describe('plugin-api types', () => {
  it('are the harness types of the values they share', () => {
    expectTypeOf<Api.Json>().toEqualTypeOf<Json>();
    expectTypeOf<Api.ErrorCode>().toEqualTypeOf<ErrorCode>();
    expectTypeOf<Api.Content>().toEqualTypeOf<Content>();
    expectTypeOf<Api.ResultError>().toEqualTypeOf<ResultError>();
    expectTypeOf<Api.ToolResult>().toEqualTypeOf<ToolResult>();
    expectTypeOf<Api.Card>().toEqualTypeOf<Card>();
  });

  it('are the hook inputs the guest receives', () => {
    expectTypeOf<Api.PreExecuteInput>().toEqualTypeOf<PreExecuteInput>();
    expectTypeOf<Api.PostExecuteInput>().toEqualTypeOf<AsJson<PostExecuteInput, 'value'>>();
    expectTypeOf<Api.IntentInput>().toEqualTypeOf<Parameters<Listener<typeof writeIntent>>[0]>();
    expectTypeOf<Api.IntentInput>().toEqualTypeOf<Parameters<Listener<typeof editIntent>>[0]>();
    expectTypeOf<Api.ObservedEvent>().toEqualTypeOf<Extract<HarnessEvent, { type: 'fs/observed' }>>();
  });

  it('are the decisions each hook schema parses to', () => {
    expectTypeOf<Api.PreDecision>().toEqualTypeOf<Decision<typeof preExecute>>();
    expectTypeOf<Api.PostDecision>().toEqualTypeOf<Decision<typeof postExecute>>();
    expectTypeOf<Api.WriteDecision>().toEqualTypeOf<Decision<typeof writeIntent>>();
    expectTypeOf<Api.EditDecision>().toEqualTypeOf<Decision<typeof editIntent>>();
  });

  it('are the listeners each hook takes', () => {
    expectTypeOf<Api.PreExecute>().toEqualTypeOf<Listener<typeof preExecute>>();
    expectTypeOf<ReturnType<Api.PostExecute>>().toEqualTypeOf<ReturnType<Listener<typeof postExecute>>>();
    expectTypeOf<Api.WriteIntent>().toEqualTypeOf<Listener<typeof writeIntent>>();
    expectTypeOf<Api.EditIntent>().toEqualTypeOf<Listener<typeof editIntent>>();
  });

  it('name exactly the functions the host may call', () => {
    type Hooks = Exclude<keyof Api.PluginModule, 'name' | 'tool'>;
    type ToolFunctions = {
      [K in keyof Api.ToolSpec]-?: NonNullable<Api.ToolSpec[K]> extends (...args: never) => unknown
        ? K
        : never;
    }[keyof Api.ToolSpec];
    expectTypeOf<Hooks>().toEqualTypeOf<GuestHook>();
    expectTypeOf<`tool.${ToolFunctions}`>().toEqualTypeOf<Exclude<GuestFunction, GuestHook>>();
  });
});

/** A decision the types allow, and the schema that must accept it. */
const allowed: [string, z.ZodType, unknown][] = [
  ['pre allow', preExecute.spec.decision, { verdict: 'allow' } satisfies Api.PreDecision],
  ['pre ask', preExecute.spec.decision, { verdict: 'ask', prompt: 'ok?' } satisfies Api.PreDecision],
  ['post pass', postExecute.spec.decision, { action: 'pass' } satisfies Api.PostDecision],
  [
    'post content',
    postExecute.spec.decision,
    { action: 'accept', content: [{ type: 'text', text: 'x' }] } satisfies Api.PostDecision,
  ],
  ['post value', postExecute.spec.decision, { action: 'accept', value: { n: 1 } } satisfies Api.PostDecision],
  ['post block', postExecute.spec.decision, { action: 'block', feedback: 'no' } satisfies Api.PostDecision],
  [
    'write guard',
    writeIntent.spec.decision,
    { verdict: 'proceed', guard: { kind: 'replaceIfVersion', version: 'v1' } } satisfies Api.WriteDecision,
  ],
  [
    'edit refuse',
    editIntent.spec.decision,
    { verdict: 'refuse', code: 'FS_SECRET', message: 'no', remedy: 'elsewhere' } satisfies Api.EditDecision,
  ],
  [
    'edit lines',
    editIntent.spec.decision,
    {
      verdict: 'proceed',
      guard: { kind: 'ifVersion', version: 'v1', withinLines: [[1, 3]] },
    } satisfies Api.EditDecision,
  ],
];

/** A decision the types forbid, and the schema that must refuse it. */
const forbidden: [string, z.ZodType, unknown][] = [
  // @ts-expect-error deny needs a reason
  ['deny without reason', preExecute.spec.decision, { verdict: 'deny' } satisfies Api.PreDecision],
  [
    'content and value',
    postExecute.spec.decision,
    // @ts-expect-error content XOR value
    { action: 'accept', content: [], value: 1 } satisfies Api.PostDecision,
  ],
  // @ts-expect-error accept needs content or value
  ['accept alone', postExecute.spec.decision, { action: 'accept' } satisfies Api.PostDecision],
  [
    'write ifVersion',
    writeIntent.spec.decision,
    // @ts-expect-error write intents have no ifVersion guard
    { verdict: 'proceed', guard: { kind: 'ifVersion', version: 'v' } } satisfies Api.WriteDecision,
  ],
  [
    'refuse with a bad code',
    editIntent.spec.decision,
    // @ts-expect-error codes are upper case
    { verdict: 'refuse', code: 'fs_secret', message: 'no', remedy: 'x' } satisfies Api.EditDecision,
  ],
];

describe('plugin-api decisions at run time', () => {
  it.each(allowed)('the schema accepts what the types allow: %s', (_name, schema, decision) => {
    expect(schema.safeParse(decision).success).toBe(true);
  });

  it.each(forbidden)('the schema refuses what the types forbid: %s', (_name, schema, decision) => {
    expect(schema.safeParse(decision).success).toBe(false);
  });
});

describe('the guest hooks, declared once', () => {
  const source = readFileSync(new URL('../../../src/sandbox/plugin-api.ts', import.meta.url), 'utf8');

  it('are exactly the hooks a plugin module may export', () => {
    expectTypeOf<Exclude<keyof Api.PluginModule, 'name' | 'tool'>>().toEqualTypeOf<GuestHook>();
    expect(Object.keys(guestHookSpecs).sort()).toEqual([...guestHooks].sort());
  });

  it.each(guestHooks)('%s: the table names its types as plugin-api.ts declares them', (hook) => {
    const { fn, input, answer } = guestHookSpecs[hook].types;
    expect(source).toMatch(new RegExp(`export type ${fn} = \\(\\w+: ${input}\\) => Awaitable<${answer}>;`));
    expect(source).toMatch(new RegExp(`^  ${hook}\\?: ${fn};$`, 'm'));
  });

  it('the lab summary is made from them: every hook and every type it names', () => {
    const summary = pluginApiSummary(source);
    for (const hook of guestHooks) {
      const { input, answer } = guestHookSpecs[hook].types;
      expect(summary).toContain(`export function ${hook}(input: ${input})`);
      expect(summary).toContain(`export interface ${input}`);
      if (answer !== 'void') expect(summary).toMatch(new RegExp(`export type ${answer} =`));
    }
    // A type the decisions name, one level down, and one they do not.
    expect(summary).toContain('export type WriteGuard =');
    expect(summary).not.toContain('export interface PluginConsole');
  });

  it('the README lists the same hooks in its table of exports', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(
      readme.indexOf('| export'),
      readme.indexOf('\n\n', readme.indexOf('| export')),
    );
    const listed = [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap((m) =>
      [...m[1]!.matchAll(/`(\w+)`/g)].map((n) => n[1]),
    );
    expect(listed.sort()).toEqual([...guestHooks, 'tool'].sort());
  });
});
