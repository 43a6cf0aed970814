import { z } from 'zod';
import type { Lang, Step } from '../model/scenario';
import type { AskState } from '../model/scripted';

export { PRESENTER_CHANNEL } from './presenter-open';

/** One step as the presenter reads it: its kind, what it does in one line, and the speaker notes. */
const StepView = z.strictObject({
  n: z.number().int().positive(),
  kind: z.enum(['say', 'call', 'external', 'use', 'policy', 'ask']),
  summary: z.string(),
  notes: z.string().nullable(),
});
export type StepView = z.infer<typeof StepView>;

/** What the playground window reports to the presenter view after every change. */
export const PresenterState = z.strictObject({
  type: z.literal('state'),
  lang: z.enum(['en', 'zh']),
  title: z.string(),
  step: z.number().int().nonnegative(),
  steps: z.number().int().nonnegative(),
  run: z.enum(['idle', 'playing', 'paused', 'done']),
  waiting: z.boolean(),
  current: StepView.nullable(),
  next: StepView.nullable(),
  ask: z
    .strictObject({
      question: z.string(),
      choices: z.array(z.string()),
      answer: z.number().int().nonnegative(),
      why: z.string(),
      revealed: z.boolean(),
    })
    .nullable(),
});
export type PresenterState = z.infer<typeof PresenterState>;

/** What the presenter view asks the playground window to do: the run's commands, or a report now. */
export const PresenterCommand = z.strictObject({
  type: z.literal('command'),
  command: z.enum(['play', 'pause', 'step', 'back', 'reveal', 'external', 'hello']),
});
export type PresenterCommand = z.infer<typeof PresenterCommand>;

/** A step of the script as the presenter reads it, in `lang`; null past either end. */
export function stepView(steps: readonly Step[], n: number, lang: Lang): StepView | null {
  const s = steps[n - 1];
  if (!s) return null;
  const notes = s.notes?.[lang] ?? null;
  if ('ask' in s) return { n, kind: 'ask', summary: s.ask.question[lang], notes };
  if ('use' in s) return { n, kind: 'use', summary: `[${s.use.join(', ')}] ${s.say[lang]}`, notes };
  if ('policy' in s) return { n, kind: 'policy', summary: `[${s.policy}] ${s.say[lang]}`, notes };
  if ('say' in s) return { n, kind: 'say', summary: s.say[lang], notes };
  if ('call' in s) return { n, kind: 'call', summary: `${s.call} ${JSON.stringify(s.args)}`, notes };
  return { n, kind: 'external', summary: `${s.external.path}: ${s.note[lang]}`, notes };
}

/** The ask as the presenter reads it, its answer included. */
export function askView(ask: AskState | null, lang: Lang): PresenterState['ask'] {
  if (!ask) return null;
  const { question, choices, answer, why } = ask.ask;
  return {
    question: question[lang],
    choices: choices.map((c) => c[lang]),
    answer,
    why: why[lang],
    revealed: ask.revealed,
  };
}
