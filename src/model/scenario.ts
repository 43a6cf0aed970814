import { z } from 'zod';
import type { Json } from '../harness';

/** A visible string in both languages the playground speaks. */
export interface Text {
  en: string;
  zh: string;
}

/** The languages of the playground. */
export type Lang = keyof Text;

/** A change made behind the agent's back: replace `find` with `replace`, or append a line. */
export interface ExternalChange {
  path: string;
  find?: string;
  replace?: string;
  append?: string;
}

/** One step of a script. */
export type Step =
  | { say: Text }
  /** A call. `expect` names the error the script means to show, so the model does not react to it. */
  | { call: string; args: Json; expect?: string }
  /** An external edit: in autoplay the scenario makes it; when stepping, it waits for the visitor's button. */
  | { external: ExternalChange; note: Text }
  /** The model says `say` while the harness switches to these built-in plugins (see `scenarioPlugins`). */
  | { use: string[]; say: Text };

/**
 * The extra tool sets a scenario can ask for, beyond the file tools. What each holds is the composition
 * root's table (`src/run/tool-sets.ts`), which the compiler holds to exactly these names.
 */
export const toolSetNames = ['teaching', 'broken', 'sql', 'strengths'] as const;
export type ToolSet = (typeof toolSetNames)[number];

/**
 * A scenario: the workspace it starts from, the script the mock model follows, and the outcome its
 * end-to-end test checks. Data only; a new scenario is one file.
 */
export interface Scenario {
  id: string;
  title: Text;
  /** One line on what it teaches, for the gallery. */
  teaches: Text;
  files: Record<string, string>;
  /** The file "Simulate external edit" changes. */
  focus?: string;
  tools?: ToolSet[];
  /** Files to show next to each other above the transcript, each with its final content. */
  sideBySide?: { label: Text; path: string }[];
  /** Built-in plugins installed when the scenario starts (see `scenarioPlugins`). */
  plugins?: string[];
  /**
   * Changes that land in the gap of a race: after a write's checks, before the write itself; one per
   * path, on paths no scripted external step changes (a resumed run knows a race ran by its edit).
   */
  races?: ExternalChange[];
  /** Turn on the Unicode fallback of edit for this scenario's session. */
  unicodeFallback?: boolean;
  /** Only edit lines that were read (an option of the observation policy). */
  onlyEditWhatWasRead?: boolean;
  /**
   * The id of the plugin-lab example this scenario is made for (see `labExamples`). Such a scenario shows
   * its point only with that example's plugin loaded; without it, it still plays to `outcome`.
   */
  lab?: string;
  steps: Step[];
  /** What must be true at the end: the error codes the agent met, in order, and file contents. */
  outcome: { errors: string[]; files?: Record<string, string> };
}

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
