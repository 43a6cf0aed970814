import type { Scenario } from '../scenario';

const todoFile = (name: string, n: number) =>
  Array.from({ length: n }, (_, i) => `// TODO(${name}): item ${i + 1}`).join('\n') + '\n';
const log =
  Array.from(
    { length: 1203 },
    (_, i) => `2026-01-01T09:${String(i % 60).padStart(2, '0')} event ${i + 1}`,
  ).join('\n') + '\n';

/** Capped results must never look complete. */
export const truncation: Scenario = {
  id: 'truncation',
  title: { en: 'Truncation', zh: '截断' },
  teaches: {
    en: 'A capped result says so: grep shows 50 of 1,200 matches; read shows lines 41–80 of 1,203.',
    zh: '被截断的结果必须说明：grep 显示 1,200 处中的 50 处；read 显示 1,203 行中的第 41–80 行。',
  },
  files: {
    '/src/api.ts': todoFile('api', 500),
    '/src/db.ts': todoFile('db', 400),
    '/src/ui.ts': todoFile('ui', 300),
    '/logs/server.log': log,
  },
  focus: '/logs/server.log',
  steps: [
    { say: { en: 'How many TODOs are there?', zh: '一共有多少个 TODO？' } },
    { call: 'grep', args: { pattern: 'TODO' } },
    {
      say: {
        en: 'Only 50 are shown, and the result says 1,150 were left out.',
        zh: '只显示了 50 处，结果写明还有 1,150 处没显示。',
      },
    },
    { call: 'read', args: { path: '/logs/server.log', offset: 41, limit: 40 } },
    {
      say: {
        en: 'A window of the log: lines 41–80, and the total is known.',
        zh: '日志的一个窗口：第 41–80 行，总行数也清楚。',
      },
    },
  ],
  outcome: { errors: [] },
};
