// Help in the lab's editor: completion of what a plugin module may export (its hooks, `name`, `tool`),
// the decisions each hook may answer, and the API's type names. All of it is read from the one
// declaration of the guest hooks (wire.ts, guest-hooks.ts) and the API's own source (plugin-api.ts).
import {
  type Completion,
  type CompletionContext,
  type CompletionResult,
  snippetCompletion,
} from '@codemirror/autocomplete';
import { guestHookSpecs } from '../../sandbox/guest-hooks';
import { guestHooks } from '../../sandbox/wire';

/** One top-level declaration of the API: its name, its text without the doc comment, and its doc. */
interface Declaration {
  name: string;
  body: string;
  doc: string;
}

/** The API's type and interface declarations, in order. */
export function apiDeclarations(api: string): Declaration[] {
  const found: Declaration[] = [];
  const pattern = /(\/\*\*[\s\S]*?\*\/)\s*export (?:type|interface) (\w+)([\s\S]*?)(?=\n\/\*\*|\n\/\/|$)/g;
  for (const m of api.matchAll(pattern)) {
    const doc = m[1]!
      .replace(/^\/\*\*|\*\/$/g, '')
      .replace(/^\s*\* ?/gm, '')
      .trim();
    found.push({ name: m[2]!, body: m[3]!.trim(), doc });
  }
  return found;
}

/** The object types of a union type's text, top-level `{…}` members and named members alike. */
function unionMembers(body: string): string[] {
  const text = body.replace(/^=\s*/, '').replace(/;\s*$/, '');
  const members: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '<' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === '>' || c === ')' || c === ']') depth--;
    else if (c === '|' && depth === 0) {
      members.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  members.push(text.slice(start).trim());
  return members.filter(Boolean);
}

/** The fields of an object type's text: `{ a: X; b?: Y }` or an interface's `{ a: X; … }`. */
function fieldsOf(text: string): { name: string; optional: boolean; type: string }[] {
  const inner = text.trim().replace(/^\{|\}$/g, '');
  return inner
    .split(/[;\n]/)
    .map((f) => f.replace(/\/\*\*[\s\S]*?\*\//g, '').trim())
    .flatMap((f) => {
      const m = /^(\w+)(\?)?:\s*(.+)$/.exec(f);
      return m ? [{ name: m[1]!, optional: Boolean(m[2]), type: m[3]!.trim() }] : [];
    });
}

let placeholder = 0;

/** A value to type for a field of `type`, as a snippet placeholder. */
function valueFor(name: string, type: string): string {
  const literal = /^'[^']*'$/.exec(type);
  if (literal) return type;
  const slot = (text: string) => `\${${++placeholder}:${text}}`;
  if (type === 'string' || type === 'ErrorCode') return `'${slot(name)}'`;
  if (type === 'RefusalCode') return `'FS_${slot('MY_CODE')}'`;
  if (type === 'Content') return `[{ type: 'text', text: '${slot('text')}' }]`;
  if (type === 'unknown') return slot('input.value');
  if (type.endsWith('Guard')) return `{ kind: '${slot('none')}' }`;
  return slot(name);
}

/** The decisions a hook may answer, as completions that type one (the `?: never` fields left out). */
function decisionCompletions(api: readonly Declaration[]): Completion[] {
  const byName = new Map(api.map((d) => [d.name, d]));
  return guestHooks.flatMap((hook) => {
    const answer = byName.get(guestHookSpecs[hook].types.answer);
    if (!answer) return [];
    // A named member that is itself a union (`WriteAnswer` = `WriteDecision | Pass`) is opened up.
    const members = (body: string): string[] =>
      unionMembers(body).flatMap((m) => {
        const inner = byName.get(m)?.body;
        return inner && unionMembers(inner).length > 1 ? members(inner) : [m];
      });
    return members(answer.body).flatMap((member) => {
      const named = byName.get(member);
      const shape = member.startsWith('{') ? member : named?.body.replace(/^[^{]*/, '');
      if (!shape) return [];
      placeholder = 0;
      const fields = fieldsOf(shape).filter((f) => !f.optional);
      const snippet = `{ ${fields.map((f) => `${f.name}: ${valueFor(f.name, f.type)}`).join(', ')} }`;
      const label = `{ ${fields.map((f) => `${f.name}: ${/^'/.test(f.type) ? f.type : f.type}`).join(', ')} }`;
      return [
        snippetCompletion(snippet, {
          label,
          type: 'constant',
          detail: `${guestHookSpecs[hook].types.answer} · ${hook}`,
          info: named?.doc ?? answer.doc,
          boost: -1,
        }),
      ];
    });
  });
}

/** The exports a plugin module may have: each hook (as a function and by name), `name` and `tool`. */
function exportCompletions(typescript: boolean): Completion[] {
  const hooks = guestHooks.flatMap((hook) => {
    const { types, doc } = guestHookSpecs[hook];
    const answer = types.answer === 'void' ? '' : `\n  return \${};`;
    const fn = typescript
      ? `export const ${hook}: ${types.fn} = (input) => {${answer || '\n  ${}'}\n};`
      : `export function ${hook}(input) {${answer || '\n  ${}'}\n}`;
    return [
      snippetCompletion(fn, {
        label: hook,
        type: 'function',
        detail: `(input: ${types.input}) => ${types.answer}`,
        info: doc,
        boost: 2,
      }),
    ];
  });
  return [
    ...hooks,
    snippetCompletion("export const name = '${my-plugin}';", {
      label: 'name',
      type: 'variable',
      detail: 'string',
      info: "The plugin's name: every module exports one.",
    }),
    snippetCompletion(
      `export const tool${typescript ? ': ToolSpec' : ''} = {\n  name: '\${my_tool}',\n  description: '\${What it does.}',\n  inputSchema: { type: 'object', properties: {} },\n  execute(args) {\n    return {};\n  },\n  render(args, value) {\n    return [{ type: 'text', text: JSON.stringify(value) }];\n  },\n};`,
      {
        label: 'tool',
        type: 'variable',
        detail: 'ToolSpec',
        info: "A tool of your own. Declare its path arguments (paths: { path: 'file' }) and they reach every hook and execute normalized.",
      },
    ),
  ];
}

/** The API's type names (TypeScript: they are global in the lab). */
function typeCompletions(api: readonly Declaration[]): Completion[] {
  return api.map((d) => ({ label: d.name, type: 'type', info: d.doc, boost: -2 }));
}

/**
 * The completion source of the lab's editor for the API in `api` (plugin-api.ts): hook names and their
 * exports, decision shapes, and (in TypeScript) the type names. Offered for a word being typed, or on
 * request (Ctrl-Space).
 */
export function pluginCompletions(
  api: string,
  typescript: () => boolean,
): (context: CompletionContext) => CompletionResult | null {
  const declarations = apiDeclarations(api);
  const decisions = decisionCompletions(declarations);
  const types = typeCompletions(declarations);
  const exports = { js: exportCompletions(false), ts: exportCompletions(true) };
  return (context) => {
    const word = context.matchBefore(/[\w$]+/);
    const brace = context.matchBefore(/\{\s*$/);
    if (!word && !brace && !context.explicit) return null;
    const ts = typescript();
    if (brace && !word) return { from: brace.from, options: decisions };
    return {
      from: word?.from ?? context.pos,
      options: [...(ts ? exports.ts : exports.js), ...(ts ? types : []), ...decisions],
      validFor: /^[\w$]*$/,
    };
  };
}
