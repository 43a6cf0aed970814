import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Hooks, ToolError, modelText, postExecute, text } from '../../../src/harness';
import { mk, revokedProxy, run, throwingGetters } from './fixtures';

describe('Registry.call: arguments', () => {
  it('refuses invalid arguments with INVALID_ARGS', async () => {
    const { result } = await run([mk()], 'echo', { message: 5 });
    expect(result.error?.code).toBe('INVALID_ARGS');
  });

  it('lists each bad field on its own line in the model text', async () => {
    const { result } = await run([mk()], 'echo', { message: 5, times: -1 });
    const lines = modelText(result.content).split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^- message: /));
    expect(lines).toContainEqual(expect.stringMatching(/^- times: /));
  });

  it('names a nested field by its path', async () => {
    const input = z.object({ range: z.object({ start: z.number() }) });
    const { result } = await run([mk({ input })], 'echo', { range: { start: 'one' } });
    expect(result.error?.message).toMatch(/^- range\.start: /m);
  });

  it('names the root when the arguments are not an object', async () => {
    const { result } = await run([mk()], 'echo', 'hello');
    expect(result.error?.message).toMatch(/^- \(root\): /m);
  });

  it('never runs execute when the arguments are invalid', async () => {
    const execute = vi.fn(() => ({ echoed: 'x' }));
    await run([mk({ execute })], 'echo', { message: 5 });
    expect(execute).not.toHaveBeenCalled();
  });

  it('gives execute the parsed arguments, defaults applied', async () => {
    const execute = vi.fn(() => ({ echoed: 'x' }));
    await run([mk({ execute })], 'echo', { message: 'hi' });
    expect(execute).toHaveBeenCalledWith({ message: 'hi', times: 1 }, expect.anything());
  });
});

describe('Registry.call: unknown tools', () => {
  it('answers UNKNOWN_TOOL naming the tool', async () => {
    const { result } = await run([mk()], 'ecko', {});
    expect(result.error).toMatchObject({ code: 'UNKNOWN_TOOL', message: expect.stringContaining('"ecko"') });
  });

  it('tells the model which tools exist', async () => {
    const { result } = await run([mk(), mk({ name: 'grep' })], 'ecko', {});
    expect(result.error?.remedy).toBe('use one of: echo, grep');
  });
});

describe('Registry.call: execute fails', () => {
  const failing = (thrown: unknown) =>
    mk({
      execute: () => {
        throw thrown;
      },
    });

  it('passes an FS_* code through unchanged', async () => {
    const stale = new ToolError('FS_STALE_VERSION', 'a.txt changed since you read it', 're-read the file');
    const { result } = await run([failing(stale)], 'echo', { message: 'x' });
    expect(result.error).toEqual({
      code: 'FS_STALE_VERSION',
      message: 'a.txt changed since you read it',
      remedy: 're-read the file',
    });
  });

  it('puts the code and the remedy in the model text', async () => {
    const stale = new ToolError('FS_STALE_VERSION', 'a.txt changed', 're-read the file, then retry');
    const { result } = await run([failing(stale)], 'echo', { message: 'x' });
    expect(modelText(result.content)).toBe(
      'Error FS_STALE_VERSION: a.txt changed\nRemedy: re-read the file, then retry',
    );
  });

  it('turns a plain Error into TOOL_FAILED with its message', async () => {
    const { result } = await run([failing(new Error('disk on fire'))], 'echo', { message: 'x' });
    expect(result.error).toEqual({ code: 'TOOL_FAILED', message: 'disk on fire' });
  });

  it('drops the value of a failed call', async () => {
    const outcome = await run([failing(new Error('no'))], 'echo', { message: 'x' });
    expect(outcome).not.toHaveProperty('value');
  });

  const nonErrors: [string, () => unknown][] = [
    ['a string', () => 'just a string'],
    ['a number', () => 42],
    ['an object', () => ({ reason: 'nope' })],
    ['an object with throwing getters', throwingGetters],
    ['a revoked Proxy', revokedProxy],
    ['null', () => null],
    ['undefined', () => undefined],
    ['a symbol', () => Symbol('odd')],
    [
      'a ToolError-shaped object whose getters throw',
      () =>
        Object.create(ToolError.prototype, {
          code: {
            get: () => {
              throw new Error('code');
            },
          },
          remedy: {
            get: () => {
              throw new Error('remedy');
            },
          },
        }),
    ],
  ];

  it.each(nonErrors)('contains %s thrown as TOOL_FAILED', async (_label, make) => {
    const { result } = await run([failing(make())], 'echo', { message: 'x' });
    expect(result.error?.code).toBe('TOOL_FAILED');
  });

  it.each(nonErrors)('shows post-execute listeners the failure when %s is thrown', async (_label, make) => {
    const seen = vi.fn(() => ({ action: 'pass' as const }));
    const hooks = new Hooks();
    hooks.add('audit', [postExecute.of(seen)]);
    await run([failing(make())], 'echo', { message: 'x' }, hooks);
    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({ result: expect.objectContaining({ error: expect.anything() }) }),
    );
  });

  it('describes a thrown string in the message', async () => {
    const { result } = await run([failing('quota exceeded')], 'echo', { message: 'x' });
    expect(result.error?.message).toBe('quota exceeded');
  });

  it('describes a thrown object as JSON', async () => {
    const { result } = await run([failing({ reason: 'nope' })], 'echo', { message: 'x' });
    expect(result.error?.message).toBe('{"reason":"nope"}');
  });

  it('contains a rejected promise from an async execute', async () => {
    const execute = () => Promise.reject(new Error('later'));
    const { result } = await run([mk({ execute })], 'echo', { message: 'x' });
    expect(result.error).toEqual({ code: 'TOOL_FAILED', message: 'later' });
  });
});

describe('Registry.call: the value and its projections', () => {
  it('answers OUTPUT_INVALID when the value fails the schema', async () => {
    const { result } = await run([mk({ execute: () => ({ echoed: 5 }) })], 'echo', { message: 'x' });
    expect(result.error).toMatchObject({
      code: 'OUTPUT_INVALID',
      message: expect.stringMatching(/^- echoed: /m),
    });
  });

  it('drops a value that fails the schema', async () => {
    const outcome = await run([mk({ execute: () => ({ echoed: 5 }) })], 'echo', { message: 'x' });
    expect(outcome).not.toHaveProperty('value');
  });

  it('answers RENDER_FAILED when render throws', async () => {
    const render = () => {
      throw new Error('bad template');
    };
    const { result } = await run([mk({ render })], 'echo', { message: 'x' });
    expect(result.error).toMatchObject({
      code: 'RENDER_FAILED',
      message: expect.stringContaining('bad template'),
    });
  });

  it.each([
    ['a string', 'plain text'],
    ['undefined', undefined],
    ['a block of another type', [{ type: 'image', data: '' }]],
    ['a block with extra keys', [{ type: 'text', text: 'x', cache: true }]],
  ])('answers RENDER_FAILED when render returns %s', async (_label, returned) => {
    const { result } = await run([mk({ render: () => returned as never })], 'echo', { message: 'x' });
    expect(result.error?.code).toBe('RENDER_FAILED');
  });

  it('renders the content from the value', async () => {
    const { result } = await run([mk()], 'echo', { message: 'ab', times: 2 });
    expect(result).toEqual({ content: text('abab') });
  });

  it('returns the value, parsed by the output schema', async () => {
    const execute = () => ({ echoed: 'x', internal: 'stripped' });
    const outcome = await run([mk({ execute })], 'echo', { message: 'x' });
    expect(outcome.value).toEqual({ echoed: 'x' });
  });

  it('adds the meta from presentationMeta', async () => {
    const presentationMeta = (_args: unknown, value: { echoed: string }) => ({ length: value.echoed.length });
    const { result } = await run([mk({ presentationMeta })], 'echo', { message: 'abc' });
    expect(result).toEqual({ content: text('abc'), meta: { length: 3 } });
  });

  it('leaves meta out when presentationMeta returns undefined', async () => {
    const { result } = await run([mk({ presentationMeta: () => undefined })], 'echo', { message: 'abc' });
    expect(result).not.toHaveProperty('meta');
  });

  it('records no decisions and no approvals without plugins', async () => {
    const outcome = await run([mk()], 'echo', { message: 'abc' });
    expect(outcome).toMatchObject({ decisions: [], approvals: [] });
  });
});
