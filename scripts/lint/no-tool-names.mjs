// The lint rule that keeps the interface from knowing tools by name (DESIGN §1: "the UI knows card
// kinds, never tool names"). A tool brings its own words and cards; the interface reads them from the
// tool object, so adding a tool never means editing src/ui.
import { readFileSync } from 'node:fs';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/**
 * The registered tool names, read from src/model/tool-args.ts: the file is written from the tools
 * themselves (toolArgsSource), so the list follows every tool added. tests/unit/lint holds it to the catalog.
 */
export function toolNames() {
  return [...read('src/model/tool-args.ts').matchAll(/^ {2}([a-z][a-z0-9_]*): \{/gm)].map((m) => m[1]);
}

/** The card kinds, read from the literals of src/harness/cards.ts; tests/unit/lint holds it to `cardKinds`. */
export function cardKindNames() {
  return [...read('src/harness/cards.ts').matchAll(/card: z\.literal\('([a-z]+)'\)/g)].map((m) => m[1]);
}

/**
 * Flags a string (a literal, or a template without expressions) or an object literal's key that is a
 * registered tool name. A name that is also a card kind (`read`) is allowed: the interface rightly
 * switches on card kinds, and the two cannot be told apart by their text. Nothing is lost by that: a
 * table or switch keyed by tool names holds names that are no card kind (`edit`, `write`, `ls`...), and
 * those are flagged. Options: `{ tools: string[], cardKinds: string[] }`.
 * @type {import('eslint').Rule.RuleModule}
 */
export const noToolNames = {
  meta: {
    type: 'problem',
    docs: { description: 'src/ui names no tool: it knows card kinds, and reads words from the tool object' },
    schema: [
      {
        type: 'object',
        properties: {
          tools: { type: 'array', items: { type: 'string' } },
          cardKinds: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      named:
        '"{{name}}" names a tool: the interface knows card kinds, never tool names (DESIGN §1). Give the ' +
        'tool what it needs (its words, its cards) or compose it in src/run.',
    },
  },
  create(context) {
    const { tools = [], cardKinds = [] } = context.options[0] ?? {};
    const kinds = new Set(cardKinds);
    const named = new Set(tools.filter((name) => !kinds.has(name)));
    const check = (node, value) => {
      if (typeof value === 'string' && named.has(value)) {
        context.report({ node, messageId: 'named', data: { name: value } });
      }
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateLiteral: (node) => {
        if (node.expressions.length === 0) check(node, node.quasis[0].value.cooked);
      },
      // Keys written as identifiers; quoted keys are literals, met above.
      Property: (node) => {
        if (node.parent.type === 'ObjectExpression' && !node.computed && node.key.type === 'Identifier') {
          check(node.key, node.key.name);
        }
      },
    };
  },
};
