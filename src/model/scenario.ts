import type { ScenarioBody, ScenarioChange, ScenarioOutcome, ScenarioStep } from './scenario-schema';

// The words and names a scenario is written in live below its schema (which uses them); they are
// re-exported here, where the modules that speak of scenarios have always found them.
export {
  builtInPluginIds,
  ScenarioId,
  isPolicyId,
  notAPolicy,
  scenarioPolicyIds,
  toolSetNames,
  type BuiltInPluginId,
  type ScenarioPolicyId,
  type ToolSet,
} from './scenario-names';
export { t, type Lang, type Text } from './text';

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
