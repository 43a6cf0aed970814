import type { Registry, Result } from '../harness';
import type { Playground } from '../run';
import { fill, h } from './dom';
import { tr } from './i18n';

/** How many `oneOf` levels `exampleArgs` follows to find the variant it fills in. */
const MAX_VARIANT_DEPTH = 8;

/**
 * A starting set of arguments for a tool, from its JSON Schema: required fields with simple values, of
 * the first `oneOf` variant (at most `MAX_VARIANT_DEPTH` levels down). Reads only what it needs, in a
 * bounded loop, so no schema can make it run long.
 */
export function exampleArgs(schema: Record<string, unknown>, path: string): Record<string, unknown> {
  let shape = schema;
  for (let depth = 0; depth < MAX_VARIANT_DEPTH; depth++) {
    const first: unknown = Array.isArray(shape.oneOf) ? shape.oneOf[0] : undefined;
    if (typeof first !== 'object' || first === null) break;
    shape = first as Record<string, unknown>;
  }
  const props = (shape.properties ?? {}) as Record<string, { type?: string; const?: unknown } | undefined>;
  const required = Array.isArray(shape.required) ? shape.required.slice(0, 64) : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const prop = Object.hasOwn(props, name) ? (props[name] ?? {}) : {};
    if (prop.const !== undefined) args[name] = prop.const;
    else if (name === 'path') args[name] = path;
    else if (prop.type === 'number' || prop.type === 'integer') args[name] = 1;
    else if (prop.type === 'boolean') args[name] = false;
    else args[name] = '';
  }
  return args;
}

/** Checks `text` as the arguments of `tool`: JSON first, then the tool's own schema. */
export function checkArgs(registry: Registry, tool: string, text: string): Result<unknown> {
  let args: unknown;
  try {
    args = JSON.parse(text);
  } catch (thrown) {
    return { ok: false, error: tr('argsBadJson', { why: (thrown as Error).message }) };
  }
  const parsed = registry.get(tool)?.input.safeParse(args);
  if (!parsed || parsed.success) return { ok: true, value: args };
  const lines = parsed.error.issues.map((i) => `• ${i.path.join('.') || '(root)'}: ${i.message}`);
  return { ok: false, error: [tr('argsBad'), ...lines].join('\n') };
}

/** "Play the model yourself": pick a tool, write its arguments (checked as you type), send the call. */
function manualView(
  registry: Registry,
  focus: string,
  send: (tool: string, args: unknown) => Promise<void>,
): HTMLElement {
  const schemas = registry.schemas();
  const select = h(
    'select',
    { id: 'manual-tool' },
    schemas.map((s) => h('option', { value: s.name }, s.name)),
  );
  const area = h('textarea', {
    id: 'manual-args',
    rows: 8,
    spellcheck: 'false',
    'aria-describedby': 'manual-status',
  });
  const status = h('pre', { id: 'manual-status', class: 'status', 'aria-live': 'polite' });
  const button = h('button', { type: 'submit', class: 'primary' }, tr('send'));
  const validate = () => {
    const checked = checkArgs(registry, select.value, area.value);
    status.textContent = checked.ok ? `✓ ${tr('argsOk')}` : `✗ ${checked.error}`;
    status.dataset.ok = String(checked.ok);
    button.disabled = !checked.ok;
    return checked;
  };
  const template = () => {
    const schema = schemas.find((s) => s.name === select.value)?.inputSchema ?? {};
    area.value = JSON.stringify(exampleArgs(schema, focus), null, 2);
    validate();
  };
  select.addEventListener('change', template);
  area.addEventListener('input', validate);
  template();
  return h(
    'form',
    {
      class: 'manual',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const checked = validate();
        if (checked.ok) void send(select.value, checked.value);
      },
    },
    h('p', { class: 'muted' }, tr('manualNote')),
    h('label', { for: 'manual-tool' }, tr('tool')),
    select,
    h('label', { for: 'manual-args' }, tr('arguments')),
    area,
    status,
    button,
  );
}

/**
 * The "Play the model" panel. The form keeps what the visitor typed while the session lasts: it is built
 * again only for a new session (a load, a reset).
 */
export class ManualPanel {
  readonly el = h('div', { class: 'manual-panel' });
  private session: string | null = null;

  constructor(
    private readonly pg: () => Playground,
    private readonly send: (tool: string, args: unknown) => Promise<void>,
  ) {}

  update(): void {
    const pg = this.pg();
    if (pg.run.session.id === this.session) return;
    this.session = pg.run.session.id;
    fill(this.el, manualView(pg.run.registry, pg.scenario.focus ?? '/', this.send));
  }
}
