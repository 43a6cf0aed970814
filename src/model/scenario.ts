import { z } from 'zod';
import type { ScenarioBody, ScenarioChange, ScenarioOutcome, ScenarioStep } from './scenario-schema';

/** A visible string in both languages the playground speaks. */
export interface Text {
  en: string;
  zh: string;
}

/** The languages of the playground. */
export type Lang = keyof Text;

/**
 * The extra tool sets a scenario can ask for, beyond the file tools. What each holds is the composition
 * root's table (`src/run/tool-sets.ts`), which the compiler holds to exactly these names.
 */
export const toolSetNames = ['teaching', 'broken', 'sql', 'strengths'] as const;
export type ToolSet = (typeof toolSetNames)[number];

/**
 * The built-in plugins a scenario can switch on by id (its `plugins`, and its `use` steps). What each
 * is, is the composition root's table (`src/run/plugins.ts`), which the compiler holds to exactly these.
 * A scenario names plugins; it never carries plugin code.
 */
export const builtInPluginIds = ['redact-phones-content', 'redact-phones-value'] as const;
export type BuiltInPluginId = (typeof builtInPluginIds)[number];

/** A change made behind the agent's back: replace `find` with `replace`, or append a line. */
export type ExternalChange = ScenarioChange;

/**
 * One step of a script: `{say}`; `{call, args, expect?}` (`expect` names the error the script means to
 * show, so the model does not react to it); `{external, note}` (in autoplay the scenario makes the edit;
 * when stepping, it waits for the visitor's button); `{use, say}` (the model says `say` while the harness
 * switches to these built-in plugins).
 */
export type Step = ScenarioStep;

/** What must be true at the end of a run: the error codes the agent met, in order, and file contents. */
export type Outcome = ScenarioOutcome;

/**
 * A scenario: the workspace it starts from, the script the mock model follows, and optionally the
 * outcome a run ends with. Data only, parsed from a scenario file (`parseScenarioFile`), with every text
 * in both languages.
 */
export type Scenario = ScenarioBody;

/** A built-in scenario: each states its outcome, because each is also an end-to-end test. */
export type BuiltInScenario = Scenario & { outcome: Outcome };

/** The ids scenarios may use: lowercase words joined by dashes. */
export const ScenarioId = z.string().regex(/^[a-z][a-z0-9-]*$/);

/** Picks the string of `lang`. */
export function t(text: Text, lang: Lang): string {
  return text[lang];
}

/** Applies an external change to a text: the first `find` replaced, else a line appended. */
export function applyChange(content: string, change: ExternalChange): string {
  const at = change.find === undefined ? -1 : content.indexOf(change.find);
  if (change.find !== undefined && at >= 0) {
    return content.slice(0, at) + (change.replace ?? '') + content.slice(at + change.find.length);
  }
  const line = change.append ?? 'changed outside the agent';
  if (content === '' || content.endsWith('\n')) return `${content}${line}\n`;
  return `${content}\n${line}`;
}
