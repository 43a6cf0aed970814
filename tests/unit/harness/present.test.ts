import { describe, expect, it, vi } from 'vitest';
import {
  type Card,
  SaidError,
  type ToolResult,
  presentCall,
  presentResult,
  text,
} from '../../../src/harness';
import { mk } from './fixtures';

const ok: ToolResult = { content: text('hello\nworld'), meta: { lines: 2 } };
const failed: ToolResult = {
  content: text('Error FS_NOT_FOUND: no such file'),
  error: { code: 'FS_NOT_FOUND', message: 'no such file' },
};
const card = (body: string): Card => ({ card: 'generic', title: 'custom', body });
const args = { message: 'hi' };

describe('presentResult', () => {
  it('uses the tool’s card when it is valid', () => {
    const tool = mk({
      presentResult: (_a, r) => card(String(r.meta && (r.meta as { lines: number }).lines)),
    });
    expect(presentResult(tool, 'echo', args, ok)).toEqual({ card: card('2') });
  });

  it('gives the presenter the parsed arguments and the result', () => {
    const presenter = vi.fn(() => card('x'));
    presentResult(mk({ presentResult: presenter }), 'echo', args, ok);
    expect(presenter).toHaveBeenCalledWith({ message: 'hi', times: 1 }, ok);
  });

  it('falls back to a generic card built from the content when the presenter throws', () => {
    const tool = mk({
      presentResult: () => {
        throw new Error('no card today');
      },
    });
    expect(presentResult(tool, 'echo', args, ok)).toEqual({
      card: { card: 'generic', title: 'echo', body: 'hello\nworld' },
      fallback: 'presenter threw: no card today',
    });
  });

  it('keeps the Chinese of a reason said in both languages beside the English', () => {
    const tool = mk({
      presentResult: () => {
        throw new SaidError({ en: 'no card today', zh: '今天没有卡片' });
      },
    });
    expect(presentResult(tool, 'echo', args, ok)).toEqual({
      card: { card: 'generic', title: 'echo', body: 'hello\nworld' },
      fallback: 'presenter threw: no card today',
      fallbackZh: '今天没有卡片',
    });
  });

  it('falls back when the presenter throws a non-Error', () => {
    const tool = mk({
      presentResult: () => {
        throw 'just a string';
      },
    });
    expect(presentResult(tool, 'echo', args, ok).fallback).toBe('presenter threw: just a string');
  });

  it('falls back to a generic card when the presenter returns an invalid card', () => {
    const capped = { card: 'search', query: 'x', matches: [], total: 50, truncated: false };
    const made = presentResult(mk({ presentResult: () => capped as Card }), 'echo', args, ok);
    expect(made.card).toEqual({ card: 'generic', title: 'echo', body: 'hello\nworld' });
    expect(made.fallback).toMatch(/^invalid card: .*must be truncated/);
  });

  it('falls back when the presenter returns nothing', () => {
    const made = presentResult(mk({ presentResult: () => undefined as never }), 'echo', args, ok);
    expect(made.fallback).toMatch(/^invalid card/);
  });

  it('gives an error result a generic card titled with its code', () => {
    expect(presentResult(mk(), 'echo', args, failed)).toEqual({
      card: { card: 'generic', title: 'echo · FS_NOT_FOUND', body: 'Error FS_NOT_FOUND: no such file' },
    });
  });

  it('never calls the presenter for an error result', () => {
    const presenter = vi.fn(() => card('x'));
    presentResult(mk({ presentResult: presenter }), 'echo', args, failed);
    expect(presenter).not.toHaveBeenCalled();
  });

  it('gives an unknown tool a generic card', () => {
    expect(presentResult(undefined, 'gone', args, ok)).toEqual({
      card: { card: 'generic', title: 'gone', body: 'hello\nworld' },
    });
  });

  it('gives a generic card when the logged arguments no longer parse', () => {
    const presenter = vi.fn(() => card('x'));
    expect(presentResult(mk({ presentResult: presenter }), 'echo', { message: 1 }, ok).card.card).toBe(
      'generic',
    );
    expect(presenter).not.toHaveBeenCalled();
  });

  it('joins several content blocks with a blank line', () => {
    const result: ToolResult = { content: [...text('a'), ...text('b')] };
    expect(presentResult(mk(), 'echo', args, result).card).toMatchObject({ body: 'a\n\nb' });
  });
});

describe('presentCall', () => {
  it('uses the tool’s card', () => {
    const tool = mk({ presentCall: (a: { message: string }) => card(a.message) });
    expect(presentCall(tool, 'echo', args)).toEqual({ card: card('hi') });
  });

  it('shows the arguments in a generic card when the tool has no presenter', () => {
    expect(presentCall(mk(), 'echo', args)).toEqual({
      card: { card: 'generic', title: 'echo', body: '{\n  "message": "hi"\n}' },
    });
  });

  it('falls back to the generic card when the presenter throws', () => {
    const tool = mk({
      presentCall: () => {
        throw new Error('nope');
      },
    });
    expect(presentCall(tool, 'echo', args)).toMatchObject({
      card: { card: 'generic', title: 'echo' },
      fallback: 'presenter threw: nope',
    });
  });

  it('keeps the Chinese of a call presenter’s reason said in both languages', () => {
    const tool = mk({
      presentCall: () => {
        throw new SaidError({ en: 'nope', zh: '不行' });
      },
    });
    expect(presentCall(tool, 'echo', args)).toMatchObject({
      fallback: 'presenter threw: nope',
      fallbackZh: '不行',
    });
  });

  it('does not call the presenter with arguments that fail the schema', () => {
    const presenter = vi.fn(() => card('x'));
    expect(presentCall(mk({ presentCall: presenter }), 'echo', { message: 1 }).card.card).toBe('generic');
    expect(presenter).not.toHaveBeenCalled();
  });

  it('shows arguments that are not JSON without throwing', () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(presentCall(undefined, 'x', cyclic).card.card).toBe('generic');
  });
});
