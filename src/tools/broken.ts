import { z } from 'zod';
import { SaidError, Tool, text } from '../harness';

const Input = z.strictObject({ note: z.string().optional().describe('Any remark; the tool ignores it') });
const Value = z.strictObject({ count: z.number() });

/** The time limit of `never_returns`: long enough to press Stop, short enough to see it end by itself. */
export const NEVER_RETURNS_LIMIT_MS = 30_000;

/**
 * Tools broken on purpose, one way each, to show that the harness contains every failure: a render that
 * throws, a value that fails its schema, meta that is not JSON, a presenter that throws, a projection
 * that reads the clock, and a tool that never returns (its call ends only when stopped, or at its time
 * limit).
 */
export function brokenTools() {
  return [
    Tool.define({
      name: 'broken_render',
      words: { zh: '故意出错的工具：把结果整理成文字时会抛出异常。' },
      description: 'A tool whose render throws.',
      input: Input,
      output: Value,
      execute: () => ({ count: 1 }),
      render: () => {
        throw new Error('render exploded');
      },
    }),
    Tool.define({
      name: 'broken_schema',
      words: { zh: '故意出错的工具：返回的值不符合它自己声明的格式。' },
      description: 'A tool whose value does not match its own output schema.',
      input: Input,
      output: Value,
      execute: () => ({ count: 'three' }) as unknown as { count: number },
      render: (_a, v) => text(`count ${v.count}`),
    }),
    Tool.define({
      name: 'broken_meta',
      words: { zh: '故意出错的工具：附带的元数据不是 JSON。' },
      description: 'A tool whose presentationMeta returns a Date, which is not JSON.',
      input: Input,
      output: Value,
      execute: () => ({ count: 2 }),
      render: (_a, v) => text(`count ${v.count}`),
      presentationMeta: () => ({ at: new Date(0) }) as never,
    }),
    Tool.define({
      name: 'broken_presenter',
      words: { zh: '故意出错的工具：生成卡片时抛出异常，界面会改用通用卡片。' },
      description: 'A tool whose presentResult throws; the interface falls back to a generic card.',
      input: Input,
      output: Value,
      execute: () => ({ count: 3 }),
      render: (_a, v) => text(`count ${v.count}`),
      presentResult: () => {
        throw new SaidError({ en: 'presenter exploded', zh: '生成卡片的函数爆炸了' });
      },
    }),
    Tool.define({
      name: 'impure_clock',
      words: { zh: '故意不纯的工具：生成文字时读了时钟，今天看着正常，明年重放就会不同。' },
      description:
        'A tool whose render reads the clock: it looks stable today, and a replay next year would differ.',
      input: Input,
      output: Value,
      execute: () => ({ count: 4 }),
      render: (_a, v) => text(`count ${v.count} (report for ${new Date().getFullYear()})`),
    }),
    Tool.define({
      name: 'never_returns',
      words: { zh: '永远不返回、也不理会停止请求的工具：由人停止它，或者到时限后由框架结束这次调用。' },
      description:
        'A tool that never returns and ignores every request to stop: the harness ends its call when the ' +
        `person stops it (ABORTED), or after ${NEVER_RETURNS_LIMIT_MS / 1000} seconds (TOOL_TIMEOUT).`,
      input: Input,
      output: Value,
      timeoutMs: NEVER_RETURNS_LIMIT_MS,
      execute: () => new Promise<never>(() => {}),
      render: (_a, v) => text(`count ${v.count}`),
    }),
  ];
}
