// A plugin's tool comes with a JSON Schema of its arguments, written by the visitor (or by whoever made
// the share link). The harness turns it into a validator, the model and the "Play the model" form read it,
// and each of them follows its `$ref`s. A schema whose refs expand exponentially (each definition using
// the next one twice) is a few hundred bytes and takes minutes to validate against; a recursive one sends
// converters and form builders round for ever. So a tool schema is checked once, when the tool is
// contributed, with the refs expanded as every reader would expand them, under fixed bounds; past them
// the tool is refused with PLUGIN_TOOL_SCHEMA and nothing is ever built from its schema.
import { z } from 'zod';
import { checkJson } from '../harness/json';
import type { Result } from '../harness/result';
import { utf8Bytes } from './wire';

/** The bounds of a tool's input schema. */
export const TOOL_SCHEMA_LIMITS = Object.freeze({
  /** The schema as JSON: nesting, values in all, and the length of each string. */
  maxDepth: 32,
  maxNodes: 10_000,
  maxStringLength: 4096,
  /** `$ref`s followed one inside another. */
  maxRefDepth: 16,
  /** Subschemas once every `$ref` is expanded in place. */
  maxExpanded: 5000,
  /** The schema's JSON text, in bytes: the model is sent it with every request. */
  maxBytes: 64 * 1024,
});

/** A refused tool schema: the code and, in the visitor's terms, what is wrong. */
export interface ToolSchemaError {
  code: 'PLUGIN_TOOL_SCHEMA';
  message: string;
}

/** A JSON Schema object, checked. */
export type ToolSchema = Record<string, unknown>;

const refuse = (message: string): Result<never, ToolSchemaError> => ({
  ok: false,
  error: { code: 'PLUGIN_TOOL_SCHEMA', message: `the tool's inputSchema ${message}` },
});

// Keywords whose value is one subschema, an object of subschemas, or an array of them. Only these are
// schemas: a `$ref` key inside `default`, `const`, `enum` or `examples` is data, not a reference.
const ONE = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const MAP = ['$defs', 'definitions', 'dependentSchemas', 'patternProperties', 'properties'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];

/** The subschemas directly inside `schema`. */
function children(schema: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  for (const key of ONE) if (key in schema && !Array.isArray(schema[key])) out.push(schema[key]);
  for (const key of MAP) {
    const map = schema[key];
    if (typeof map === 'object' && map !== null && !Array.isArray(map)) out.push(...Object.values(map));
  }
  for (const key of LIST) if (Array.isArray(schema[key])) out.push(...(schema[key] as unknown[]));
  return out;
}

/**
 * What a local `$ref` points at, the way zod's `fromJSONSchema` resolves it: `#` is the root, and
 * `#/$defs/<name>` or `#/definitions/<name>` a definition of the root. Null for any other reference.
 */
function resolve(ref: string, root: Record<string, unknown>): unknown {
  if (ref === '#') return root;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (!match) return null;
  const defs = root.$defs ?? root.definitions;
  if (typeof defs !== 'object' || defs === null || Array.isArray(defs)) return null;
  const name = match[2]!.replace(/~1/g, '/').replace(/~0/g, '~');
  return Object.hasOwn(defs, name) ? (defs as Record<string, unknown>)[name] : null;
}

/** The refs followed to reach a subschema: each target once, so a target met again is recursion. */
interface Chain {
  target: unknown;
  depth: number;
  parent: Chain | null;
}

const onChain = (chain: Chain | null, target: unknown): boolean => {
  for (let link = chain; link; link = link.parent) if (link.target === target) return true;
  return false;
};

/**
 * Checks a tool's input schema: JSON within `TOOL_SCHEMA_LIMITS`, an object, and with its `$ref`s
 * expanded in place (walked with an explicit stack, so nothing here recurses): every ref local and
 * resolvable, none reaching a schema it is inside of (recursion), at most `maxRefDepth` refs one inside
 * another, and at most `maxExpanded` subschemas in all. Refuses with PLUGIN_TOOL_SCHEMA. Never throws.
 */
export function checkToolSchema(schema: unknown): Result<ToolSchema, ToolSchemaError> {
  const { maxDepth, maxNodes, maxStringLength, maxRefDepth, maxExpanded } = TOOL_SCHEMA_LIMITS;
  const json = checkJson(schema, { maxDepth, maxNodes, maxStringLength });
  if (!json.ok) return refuse(`is not JSON within the limits (${json.error.at}: ${json.error.message})`);
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return refuse('is not an object');
  const bytes = utf8Bytes(JSON.stringify(schema));
  if (bytes > TOOL_SCHEMA_LIMITS.maxBytes) {
    const kb = (n: number) => `${Math.ceil(n / 1024)} KB`;
    return refuse(`is ${kb(bytes)} of JSON, over the limit of ${kb(TOOL_SCHEMA_LIMITS.maxBytes)}`);
  }
  const root = schema as ToolSchema;
  const stack: { node: unknown; chain: Chain }[] = [
    { node: root, chain: { target: root, depth: 0, parent: null } },
  ];
  let expanded = 0;
  while (stack.length > 0) {
    const { node, chain } = stack.pop()!;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) continue;
    if (++expanded > maxExpanded) return refuse(`expands to more than ${maxExpanded} subschemas`);
    const subschema = node as Record<string, unknown>;
    const ref = subschema.$ref;
    if (ref !== undefined) {
      if (typeof ref !== 'string') return refuse('has a $ref that is not a string');
      const target = resolve(ref, root);
      if (target === null || target === undefined) {
        return refuse(
          `has the $ref ${JSON.stringify(ref)}: only #, #/$defs/<name> and #/definitions/<name> resolve`,
        );
      }
      if (onChain(chain, target))
        return refuse(`is recursive: ${JSON.stringify(ref)} refers to a schema it is inside of`);
      if (chain.depth >= maxRefDepth)
        return refuse(`follows more than ${maxRefDepth} $refs one inside another`);
      stack.push({ node: target, chain: { target, depth: chain.depth + 1, parent: chain } });
    }
    for (const child of children(subschema)) stack.push({ node: child, chain });
  }
  return { ok: true, value: root };
}

/**
 * The validator of a tool's arguments, built from its input schema only once `checkToolSchema` accepts
 * it. A checked schema zod cannot read (a keyword it does not support) still describes the tool to the
 * model: its arguments are then checked as JSON only.
 */
export function toolInput(schema: unknown, fallback: z.ZodType): Result<z.ZodType, ToolSchemaError> {
  const checked = checkToolSchema(schema);
  if (!checked.ok) return checked;
  try {
    return { ok: true, value: z.fromJSONSchema(checked.value as Parameters<typeof z.fromJSONSchema>[0]) };
  } catch {
    return { ok: true, value: fallback };
  }
}
