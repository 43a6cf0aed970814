// "Try it": a short scenario made from what a plugin exports, so its author sees it work without playing
// the model by hand. Built as a scenario file and read by the scenario format's own parser.
import type { Json, Result } from '../../harness';
import { JsonValue } from '../../harness/json';
import {
  SCENARIO_FORMAT,
  SCENARIO_VERSION,
  parseScenarioObject,
  type Scenario,
  type ScenarioError,
} from '../../model';
import { hookTourCalls, TOUR_FILE } from '../../run/hook-tour';
import { toolInput, type GuestHook, type ToolInfo } from '../../sandbox';
import type { Slot, Status } from './slot';
import { lt } from './strings';

/** What Try it needs of a loaded plugin: its name, the hooks it exports, and its tool. */
export interface TrySubject {
  name: string;
  hooks: readonly GuestHook[];
  tool?: Pick<ToolInfo, 'name' | 'inputSchema'>;
}

/** The id of every Try it scenario. */
export const TRY_IT_ID = 'lab-try-it';

type Schema = { [key: string]: Json };

const isSchema = (v: Json | undefined): v is Schema =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** An example value for a JSON Schema: its default, its first example or enum value, or one of its type. */
export function exampleOf(schema: Json | undefined, depth = 0): Json {
  if (!isSchema(schema) || depth > 8) return null;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0]!;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0]!;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const options = schema.anyOf ?? schema.oneOf;
  if (type === undefined && Array.isArray(options)) return exampleOf(options[0], depth + 1);
  switch (type) {
    case 'string':
      return typeof schema.minLength === 'number' && schema.minLength > 7
        ? 'x'.repeat(schema.minLength)
        : 'example';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf(schema.items, depth + 1)];
    case 'null':
      return null;
    default: {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, exampleOf(value, depth + 1)]),
      );
    }
  }
}

const say = (en: string, zh: string) => ({ say: { en, zh } });

/**
 * The Try it scenario of a plugin: a call of its tool with example arguments from its input schema; for
 * its hooks, a read, a write and an edit of a small file (every hook a file tool meets: pre- and
 * post-execute, the write and edit intents, and the observations).
 */
export function tryItScenario(subject: TrySubject): Result<Scenario, ScenarioError> {
  const steps: Json[] = [say(`Trying the plugin ${subject.name}.`, `试一试插件 ${subject.name}。`)];
  if (subject.tool) {
    const args = exampleOf(subject.tool.inputSchema);
    steps.push(
      say(
        `Calling its tool ${subject.tool.name} with example arguments.`,
        `用示例参数调用它的工具 ${subject.tool.name}。`,
      ),
      { call: subject.tool.name, args: isSchema(args) ? args : {} },
    );
  }
  if (subject.hooks.length) {
    steps.push(
      say('A read, a write and an edit, for its hooks to see.', '读、写、编辑各一次，让它的钩子看到。'),
      ...hookTourCalls(),
    );
  }
  steps.push(say('That was all of it.', '就这些。'));
  // The plugin's tool is one the format does not know: its call is checked against the plugin's schema.
  const input = subject.tool && toolInput(subject.tool.inputSchema, JsonValue);
  const tools = subject.tool && input?.ok ? { [subject.tool.name]: input.value } : {};
  return parseScenarioObject(
    {
      format: SCENARIO_FORMAT,
      version: SCENARIO_VERSION,
      id: TRY_IT_ID,
      title: { en: `Try ${subject.name}`, zh: `试一试 ${subject.name}` },
      teaches: {
        en: 'What the plugin does to the calls it meets.',
        zh: '插件对它遇到的调用做了什么。',
      },
      files: { [TOUR_FILE.path]: TOUR_FILE.content },
      focus: TOUR_FILE.path,
      steps,
    },
    { tools },
  );
}

/**
 * Try it for `slot`: makes its scenario and plays it with `play`, saying on `note` what it does and how it
 * ended. An error the plugin met on the way stays in view: it is what the visitor tried it for.
 */
export async function tryPlugin(
  slot: Slot,
  play: (scenario: Scenario) => Promise<void>,
  note: (status: Status) => void,
): Promise<void> {
  const loaded = slot.applied?.loaded;
  if (!slot.applied || !loaded) return note({ tone: 'error', text: lt('tryItNone') });
  const made = tryItScenario({
    name: slot.applied.name,
    hooks: loaded.hooks,
    ...(loaded.tool ? { tool: loaded.tool } : {}),
  });
  if (!made.ok) return note({ tone: 'error', text: made.error.message, code: made.error.code });
  const { name } = slot.applied;
  const steps = made.value.steps.length;
  note({ tone: 'busy', text: lt('tryItRunning', { name, steps }) });
  await play(made.value);
  if (slot.status?.tone !== 'error') note({ tone: 'ok', text: lt('tryItDone', { name, steps }) });
}
