import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryBackend } from '../../../src/fs/memory';
import { Tool, text } from '../../../src/harness';
import { toolSets, type ToolSetContext } from '../../../src/run/tool-sets';

const unused = () => Promise.reject(new Error('not called'));
const context: ToolSetContext = {
  fs: new MemoryBackend(),
  unicodeFallback: false,
  race: unused,
  sqlEngine: unused,
};
const everyTool = () => Object.values(toolSets).flatMap((make) => make(context));

const spec = (words: { en?: string; zh: string }) => ({
  name: 'worded',
  description: 'A tool with words.',
  words,
  input: z.strictObject({}),
  output: z.strictObject({}),
  execute: () => ({}),
  render: () => text('done'),
});

describe('tool words for people', () => {
  it('are Chinese on every built-in tool, with English left to the model’s description', () => {
    const tools = everyTool();
    expect(tools.length).toBeGreaterThan(15);
    for (const tool of tools) {
      expect(tool.words?.zh, tool.name).toMatch(/[\u4e00-\u9fff]/);
      expect(tool.words?.en, tool.name).toBeUndefined();
    }
  });

  it('are refused when empty, naming the tool and the language', () => {
    expect(() => Tool.define(spec({ zh: '  ' }))).toThrow('Tool "worded" has empty words for "zh"');
    expect(() => Tool.define(spec({ en: '', zh: '有字' }))).toThrow('for "en"');
  });
});
