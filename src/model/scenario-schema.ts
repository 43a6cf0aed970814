import { z } from 'zod';
import { ERROR_CODE, TOOL_NAME, type Json } from '../harness';
import { labExampleIds, labExampleTools } from './lab-example-ids';
import { builtInPluginIds, ScenarioId, scenarioPolicyIds, toolSetNames } from './scenario-names';
import type { Text } from './text';
import { checkCalls, checkPlugins, MEANT_TO_FAIL, type MoreTools } from './scenario-calls';
import { inputJson, toolCatalog } from './tool-catalog';

/** The `format` of a scenario file. */
export const SCENARIO_FORMAT = 'harness-playground/scenario';
/** The `version` of the format this playground writes and reads. */
export const SCENARIO_VERSION = 1;
/** A scenario file may hold at most this many bytes (UTF-8), files and steps. */
export const SCENARIO_LIMITS = { bytes: 1024 * 1024, files: 200, steps: 500 } as const;
/** The deepest nesting of arrays and objects a scenario file may have (the document itself is 1). */
export const SCENARIO_MAX_DEPTH = 64;

const MAX_PATH = 1024;
const MAX_SIDE_BY_SIDE = 8;

// The rule of `normalizePath` in src/fs (which the model may not import): absolute, no empty, `.` or `..`
// segment, segments of 1 to 255 characters, no NUL. tests/unit/model/scenario-file.test.ts holds the
// two to the same answers, so a path a scenario names is exactly one the workspace stores unchanged.
const NORMAL_PATH = /^(?:\/(?!\.\.?(?:\/|$))[^/\0]{1,255})+$/;

/** A path in the workspace, written the way the workspace stores it: `/src/app.ts`, never `src/./app.ts`. */
export const ScenarioPath = z
  .string()
  .max(MAX_PATH)
  .regex(NORMAL_PATH, 'not an absolute, normal path (like /src/app.ts: no "." or ".." segments)')
  .meta({ id: 'path', description: 'An absolute, normal path in the workspace, such as /src/app.ts.' });

/**
 * A text people read: a plain string (one language, shown in both) or `{"en", "zh"}`. Parsed, it is
 * always `{en, zh}`, so the rest of the playground sees one shape.
 */
export const LocalText = z
  .union([z.string(), z.strictObject({ en: z.string(), zh: z.string() })])
  .transform((text): Text => (typeof text === 'string' ? { en: text, zh: text } : text))
  .meta({
    id: 'text',
    description: 'A text: a plain string (shown in both languages) or {"en": "…", "zh": "…"}.',
  });

/** The most lines a generated file (`{"each", "lines"}`) may have, and the longest line it may repeat. */
export const GENERATED_LIMITS = { lines: 100_000, each: 1000 } as const;

/**
 * A file's content: its text, or `{"each": "…{n}…", "lines": N}`, N lines each of which is `each` with
 * `{n}` replaced by the line's number (from 1), every line ending in a newline. The second form keeps a
 * lesson that needs a large file (say, 1,200 matches to cap) a small file itself.
 */
const FileSource = z
  .union([
    z.string(),
    z.strictObject({
      each: z
        .string()
        .max(GENERATED_LIMITS.each)
        .meta({ description: 'One line; {n} is its number, from 1.' }),
      lines: z.number().int().min(1).max(GENERATED_LIMITS.lines),
    }),
  ])
  .meta({
    id: 'file',
    description: 'A file\'s text, or {"each": "line {n}", "lines": N}: N numbered lines made from one.',
  });
type FileSource = z.input<typeof FileSource>;

/**
 * An upper bound of the characters the generated files among `files` hold, known before any is built
 * (read from the raw file too, so the reader can refuse with `SCENARIO_TOO_LARGE` before parsing).
 */
export function generatedSize(files: Record<string, unknown>): number {
  let size = 0;
  for (const file of Object.values(files)) {
    if (typeof file !== 'object' || file === null) continue;
    const { each, lines } = file as { each?: unknown; lines?: unknown };
    if (typeof each !== 'string' || typeof lines !== 'number' || !(lines > 0)) continue;
    size += (each.replaceAll('{n}', String(Math.floor(lines))).length + 1) * lines;
  }
  return size;
}

const generated = (file: FileSource) => {
  if (typeof file === 'string') return file;
  let text = '';
  for (let n = 1; n <= file.lines; n++) text += `${file.each.replaceAll('{n}', String(n))}\n`;
  return text;
};

/**
 * The workspace a run starts from, path → content; parsed, every content is its text. What the generated
 * files add is counted before any is built, and refused past the scenario's byte limit (1 MiB).
 */
const ScenarioFiles = z.record(ScenarioPath, FileSource).transform((files, ctx): Record<string, string> => {
  const size = generatedSize(files);
  if (size > SCENARIO_LIMITS.bytes) {
    ctx.issues.push({
      code: 'custom',
      input: files,
      message: `its generated files come to about ${(size / 1024 / 1024).toFixed(2)} MiB; at most 1 MiB`,
    });
    return z.NEVER;
  }
  return Object.fromEntries(Object.entries(files).map(([path, file]) => [path, generated(file)]));
});

const ErrorCode = z.string().regex(ERROR_CODE, 'not an error code (capital letters, digits and _)');
const PluginId = z.enum(builtInPluginIds).meta({ description: 'A built-in plugin, by id.' });

/** A change behind the agent's back: the first `find` replaced with `replace`, else `append` added. */
export const ScenarioChange = z
  .strictObject({
    path: ScenarioPath,
    find: z.string().min(1).optional(),
    replace: z.string().optional(),
    append: z.string().optional().meta({ description: 'A line added when `find` is absent or not found.' }),
  })
  .refine((c) => c.replace === undefined || c.find !== undefined, {
    message: '"replace" needs "find"',
    path: ['replace'],
  })
  .meta({ id: 'change' });
export type ScenarioChange = z.output<typeof ScenarioChange>;

const NOTES = 'Speaker notes for this step: shown only in the presenter view.';
/** Words for the presenter alone: shown in the presenter view, never on the audience's screen. */
const Notes = LocalText.optional().meta({ description: NOTES });

/** The mock model says something. */
const SayStep = z.strictObject({ say: LocalText, notes: Notes }).meta({ id: 'say-step', title: 'say' });

/**
 * The mock model calls a tool; `expect` names an error the lesson means to show, so no retry follows.
 * The tool and its `args` are checked against the scenario's tools by `checkCalls`.
 */
const CallStep = z
  .strictObject({
    call: z.string().regex(TOOL_NAME, 'not a tool name (lowercase letters, digits and _)'),
    // The file was JSON before it met this schema, so every value in it is JSON already.
    args: z
      .record(z.string(), z.unknown())
      .transform((args) => args as { [key: string]: Json })
      .meta({ description: 'The call’s arguments: a JSON object that fits the tool’s own schema.' }),
    expect: ErrorCode.optional().meta({ description: 'The error code this call is meant to meet.' }),
    notes: Notes,
  })
  .meta({ id: 'call-step', title: 'call' });

/** Someone else edits a file: made by itself in autoplay; when stepping, it waits for the visitor. */
const ExternalStep = z
  .strictObject({ external: ScenarioChange, note: LocalText, notes: Notes })
  .meta({ id: 'external-step', title: 'external' });

/** The harness switches to these built-in plugins while the model says `say`. */
const UseStep = z
  .strictObject({ use: z.array(PluginId), say: LocalText, notes: Notes })
  .meta({ id: 'use-step', title: 'use' });

/**
 * The run's edit-safety policy becomes `policy` while the model says `say` (the policies are compared in one
 * lesson); nothing changes when the run has no policy (the switch is off).
 */
const PolicyStep = z
  .strictObject({ policy: z.enum(scenarioPolicyIds), say: LocalText, notes: Notes })
  .meta({ id: 'policy-step', title: 'policy' });

/** A question to the class before the call that follows: the choices, the right one and why. */
export const ScenarioAsk = z
  .strictObject({
    question: LocalText,
    choices: z.array(LocalText).min(2).max(6),
    answer: z.number().int().nonnegative().meta({ description: 'The right choice, counted from 0.' }),
    why: LocalText.meta({ description: 'Why that choice is right: shown when the answer is revealed.' }),
  })
  .refine((ask) => ask.answer < ask.choices.length, {
    message: 'not one of the choices (counted from 0)',
    path: ['answer'],
  })
  .meta({ id: 'ask' });
export type ScenarioAsk = z.output<typeof ScenarioAsk>;

/** The class predicts: the run stops before the next call until the answer is revealed. */
const AskStep = z.strictObject({ ask: ScenarioAsk, notes: Notes }).meta({ id: 'ask-step', title: 'ask' });

/** One step of a scenario's script. */
export const ScenarioStep = z.union([SayStep, CallStep, ExternalStep, UseStep, PolicyStep, AskStep]);

/**
 * Which kind of step an object means, by the key that names it (`use` and `policy` first: they also say),
 * so a step that does not fit is explained against the kind its author wrote.
 */
export const stepKinds = [
  ['use', UseStep],
  ['policy', PolicyStep],
  ['call', CallStep],
  ['external', ExternalStep],
  ['ask', AskStep],
  ['say', SayStep],
] as const;
export type ScenarioStep = z.output<typeof ScenarioStep>;

/** What a run must end with: the error codes met, in order, and the contents of these files. */
export const ScenarioOutcome = z.strictObject({
  errors: z.array(ErrorCode),
  files: z.record(ScenarioPath, z.string()).optional(),
});
export type ScenarioOutcome = z.output<typeof ScenarioOutcome>;

const fields = {
  id: ScenarioId.max(64).meta({ description: 'Lowercase words joined by dashes, e.g. my-lesson.' }),
  title: LocalText,
  teaches: LocalText.meta({ description: 'One line on what the scenario teaches.' }),
  task: LocalText.optional().meta({ description: 'What to ask a real model to do, when one is connected.' }),
  files: ScenarioFiles.meta({
    description: 'The workspace the run starts from: path → content.',
    maxProperties: 200,
  }),
  focus: ScenarioPath.optional().meta({ description: 'The file "Simulate external edit" changes.' }),
  tools: z
    .array(z.enum(toolSetNames))
    .optional()
    .meta({ description: 'Tool sets beside the file tools, by name.' }),
  plugins: z.array(PluginId).optional().meta({ description: 'Built-in plugins installed at the start.' }),
  policy: z.enum(scenarioPolicyIds).optional().meta({
    description:
      'The edit-safety policy the run starts under, by id (README, "The arena"); dsh-ledger, the observation policy, when absent.',
  }),
  unicodeFallback: z.boolean().optional().meta({ description: 'Turn on the Unicode fallback of edit.' }),
  onlyEditWhatWasRead: z
    .boolean()
    .optional()
    .meta({ description: 'The observation policy refuses edits of lines that were not read.' }),
  sideBySide: z
    .array(z.strictObject({ label: LocalText, path: ScenarioPath }))
    .max(MAX_SIDE_BY_SIDE)
    .optional()
    .meta({ description: 'Files shown next to each other above the transcript.' }),
  races: z.array(ScenarioChange).optional().meta({
    description:
      'Changes that land in the gap of a write (after its checks, before the write); one per path, on paths no external step changes.',
  }),
  lab: z
    .enum(labExampleIds)
    .optional()
    .meta({ description: 'The plugin-lab example (built-in) this scenario is made for.' }),
  steps: z
    .array(ScenarioStep)
    .max(SCENARIO_LIMITS.steps)
    .meta({ description: 'The script the mock model follows, in order.' }),
  outcome: ScenarioOutcome.optional().meta({
    description: 'What a run ends with, checked at the end: the error codes met, in order, and files.',
  }),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

// A race lands on its path once per run, and a resumed run knows a race ran by its edit, so each path
// has at most one race and no scripted external step on it.
function checkRaces(scenario: Pick<Fields, 'races' | 'steps'>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  const external = new Set(scenario.steps.flatMap((s) => ('external' in s ? [s.external.path] : [])));
  for (const [i, race] of (scenario.races ?? []).entries()) {
    const path = ['races', i, 'path'];
    if (seen.has(race.path)) ctx.addIssue({ code: 'custom', path, message: 'a second race on this path' });
    else if (external.has(race.path))
      ctx.addIssue({ code: 'custom', path, message: 'an external step changes this path too' });
    seen.add(race.path);
  }
}

// An ask holds back the result of the call after it, so a call must follow it.
function checkAsks(scenario: Pick<Fields, 'steps'>, ctx: z.RefinementCtx): void {
  for (const [i, step] of scenario.steps.entries()) {
    if (!('ask' in step)) continue;
    const next = scenario.steps[i + 1];
    if (next && 'call' in next) continue;
    ctx.addIssue({
      code: 'custom',
      path: ['steps', i, 'ask'],
      message: 'an ask must come right before a call',
    });
  }
}

/**
 * The checks across fields: races, asks before calls, calls against the tools (and `more`), plugins
 * against what they act on.
 */
function checkAcross(scenario: Fields, ctx: z.RefinementCtx, more: MoreTools = {}): void {
  checkRaces(scenario, ctx);
  checkAsks(scenario, ctx);
  checkCalls(scenario, ctx, more);
  checkPlugins(scenario, ctx);
}

/** A scenario, as the playground uses it: the fields of the file, without its header. */
export const ScenarioBody = z.strictObject(fields).superRefine(checkAcross);
export type ScenarioBody = z.output<typeof ScenarioBody>;

/**
 * The scenario file: the header (`format`, `version`, and an optional `$schema` for editors) and the
 * scenario's fields. Every object is strict: a field the format does not define is refused. This schema
 * is the format's one truth; `scenarioJsonSchema()` derives the JSON Schema from it.
 */
export const ScenarioFile = fileSchema({});

function fileSchema(more: MoreTools) {
  return z
    .strictObject({
      $schema: z.string().optional().meta({ description: 'Where editors find this JSON Schema.' }),
      format: z.literal(SCENARIO_FORMAT),
      version: z.literal(SCENARIO_VERSION),
      ...fields,
    })
    .superRefine((scenario, ctx) => checkAcross(scenario, ctx, more))
    .meta({
      title: 'Harness Playground scenario',
      description:
        'A lesson for Harness Playground: the files a run starts from and the steps of the scripted model. Data only: it cannot carry code.',
    });
}

const withMore = new WeakMap<MoreTools, typeof ScenarioFile>();

/**
 * The scenario file of a run that has more tools than the format knows (a plugin of the visitor's adds
 * them, as the lab's Try it does): calls to them are checked against their schemas. An author's file
 * is read with `ScenarioFile`, which knows only the tool sets and the lab examples' tools.
 */
export function scenarioFileWith(more: MoreTools): typeof ScenarioFile {
  let schema = withMore.get(more);
  if (!schema) withMore.set(more, (schema = fileSchema(more)));
  return schema;
}
/** A scenario file as it is written (texts as plain strings or `{en, zh}`). */
export type ScenarioFileInput = z.input<typeof ScenarioFile>;

const expectField = {
  type: 'string',
  pattern: ERROR_CODE.source,
  description: 'The error code this call is meant to meet.',
};

// A call step in the JSON Schema: one branch per tool, its `args` that tool's own schema, so an editor
// completes and checks the arguments; a call the lesson means to fail (`expect` UNKNOWN_TOOL or
// INVALID_ARGS) is any tool with any arguments. Whether the tool's set is in `tools` is the parser's check.
function callStepJson(): Record<string, unknown> {
  const branch = (call: object, args: object, expect: object = expectField, required = ['call', 'args']) => ({
    type: 'object',
    // A call step may carry speaker notes like any other step.
    properties: { call, args, expect, notes: { $ref: '#/$defs/text', description: NOTES } },
    required,
    additionalProperties: false,
  });
  const tools = [
    ...Object.entries(toolCatalog).map(
      ([name, t]) => [name, `A tool of the set "${t.set}".`, t.input] as const,
    ),
    ...Object.entries(labExampleTools).flatMap(([lab, tools]) =>
      Object.entries(tools).map(
        ([name, input]) => [name, `A tool of the lab example "${lab}".`, input] as const,
      ),
    ),
  ];
  return {
    title: 'call',
    description: 'The mock model calls a tool with arguments that fit the tool’s own schema.',
    anyOf: [
      ...tools.map(([name, description, input]) => branch({ const: name, description }, inputJson(input))),
      branch(
        { type: 'string', pattern: TOOL_NAME.source },
        { type: 'object' },
        { enum: Object.values(MEANT_TO_FAIL) },
        ['call', 'args', 'expect'],
      ),
    ],
  };
}

/** The JSON Schema of the scenario file (draft 2020-12), for editors; the site serves it. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ScenarioFile, {
    io: 'input',
    target: 'draft-2020-12',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema !== CallStep) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
      Object.assign(jsonSchema, callStepJson());
    },
  });
}
