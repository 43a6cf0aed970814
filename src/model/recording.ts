import type { Json } from '../harness';
import type { ExternalChange, Outcome, Scenario, Step, Text } from './scenario';

/** What a recording keeps of each thing the visitor did while playing the model. */
export type Recorded =
  | { kind: 'say'; text: string }
  | { kind: 'call'; tool: string; args: Json; error?: string }
  | { kind: 'external'; change: ExternalChange }
  | { kind: 'ask'; question: string };

/**
 * The note a recorded external edit gets: who changes what, in both languages (authors reword it). It
 * says what happens, not which button to press: the waiting banner says that, and the note stays in the
 * transcript after the edit is made.
 */
function noteFor(change: ExternalChange): Text {
  return {
    en: `Someone else changes ${change.path}.`,
    zh: `有人在外面改了 ${change.path}。`,
  };
}

/** A recorded question: its words, choices and reason for the author to write in the draft. */
function askFor(question: string): Step {
  const same = (text: string): Text => ({ en: text, zh: text });
  return {
    ask: {
      question: question ? same(question) : { en: 'What happens next?', zh: '接下来会发生什么？' },
      choices: [
        { en: 'Choice A', zh: '选项 A' },
        { en: 'Choice B', zh: '选项 B' },
      ],
      answer: 0,
      why: { en: 'Why that choice is right.', zh: '为什么这个选项是对的。' },
    },
  };
}

/**
 * The steps of a recording. A refused call keeps its error as `expect`, so a replay shows it as the
 * lesson means it and the model does not retry it; what the visitor said becomes the model's words in
 * both languages (an author translates them later).
 */
export function stepsOf(recorded: readonly Recorded[]): Step[] {
  // A question asks about the call right after it: one recorded before anything else is left out.
  const kept = recorded.filter((r, i) => r.kind !== 'ask' || recorded[i + 1]?.kind === 'call');
  return kept.map((r): Step => {
    if (r.kind === 'ask') return askFor(r.question);
    if (r.kind === 'say') return { say: { en: r.text, zh: r.text } };
    if (r.kind === 'external') return { external: r.change, note: noteFor(r.change) };
    return r.error
      ? { call: r.tool, args: r.args as Record<string, Json>, expect: r.error }
      : { call: r.tool, args: r.args as Record<string, Json> };
  });
}

/**
 * The outcome a recorded run ended with: the error codes met, in order, and every file as it is now
 * (`files`, read from the workspace after the last step).
 */
export function outcomeOf(recorded: readonly Recorded[], files: Record<string, string>): Outcome {
  const errors = recorded.flatMap((r) => (r.kind === 'call' && r.error ? [r.error] : []));
  return { errors, files };
}

/** The scenario a recording makes of `draft`: its steps replaced by the recorded ones, and the outcome. */
export function recordedScenario(
  draft: Scenario,
  recorded: readonly Recorded[],
  files: Record<string, string>,
): Scenario {
  return { ...draft, steps: stepsOf(recorded), outcome: outcomeOf(recorded, files) };
}

/** A new scenario to record into: these files, no steps yet, words for people to reword. */
export function draftScenario(files: Record<string, string>, focus?: string): Scenario {
  return {
    id: 'my-scenario',
    title: { en: 'My scenario', zh: '我的场景' },
    teaches: {
      en: 'What this scenario shows, in one line.',
      zh: '用一句话说明这个场景要展示什么。',
    },
    files,
    ...(focus ? { focus } : {}),
    steps: [],
  };
}
