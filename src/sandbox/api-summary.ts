import { guestHookSpecs } from './guest-hooks';
import { guestHooks } from './wire';

/** One top-level declaration of the plugin API's source: its name and its text, doc comment included. */
interface Declaration {
  name: string;
  text: string;
}

/** The source's declarations, each from its doc comment to the line before the next one. */
function declarations(source: string): Declaration[] {
  const chunks = source.split(/\n(?=\/\*\*)/);
  return chunks.flatMap((text) => {
    const name = /^export (?:type|interface) (\w+)/m.exec(text)?.[1];
    return name ? [{ name, text: text.trim() }] : [];
  });
}

/** The declarations `roots` need, the ones they name and so on, in the source's order. */
function needed(all: readonly Declaration[], roots: readonly string[]): Declaration[] {
  const byName = new Map(all.map((d) => [d.name, d]));
  const wanted = new Set<string>();
  const visit = (name: string) => {
    const found = byName.get(name);
    if (!found || wanted.has(name)) return;
    wanted.add(name);
    for (const word of found.text.replace(/\/\*\*[\s\S]*?\*\//g, '').match(/\b[A-Z]\w*\b/g) ?? [])
      visit(word);
  };
  roots.forEach(visit);
  return all.filter((d) => wanted.has(d.name));
}

/**
 * The lab's summary of the plugin API, made from the one declaration of the guest hooks (`guestHooks`,
 * `guestHookSpecs`) and the API's own source (plugin-api.ts): each hook's signature and what it is for,
 * then every type those signatures name, as the TypeScript checker sees them. No copy is kept by hand.
 */
export function pluginApiSummary(source: string): string {
  const all = declarations(source);
  const hooks = guestHooks.map((hook) => {
    const { types, doc } = guestHookSpecs[hook];
    const answer = types.answer === 'void' ? 'void' : `${types.answer} | Promise<${types.answer}>`;
    return `// ${doc}\nexport function ${hook}(input: ${types.input}): ${answer};`;
  });
  const roots = [
    ...guestHooks.flatMap((hook) => [guestHookSpecs[hook].types.input, guestHookSpecs[hook].types.answer]),
    'ToolSpec',
  ];
  return [
    `// A plugin is a module: its name, and at least one hook or a tool. JavaScript takes the same shapes.`,
    `export const name = 'my-plugin';`,
    ...hooks,
    `// A tool of your own: export const tool: ToolSpec = { name, description, inputSchema, execute, render };`,
    `// Its path arguments, declared with paths: { path: 'file' }, reach every hook and execute normalized.`,
    ...needed(all, roots).map((d) => d.text),
  ].join('\n\n');
}
