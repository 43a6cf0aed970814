import { z } from 'zod';
import { PluginError, codeOf, describeThrown } from './errors';
import { explainIssues } from './explain';
import type { Result } from './result';

/** Where a listener runs among the listeners of its hook. Stable within a level. */
export type Order = 'pre' | 'default' | 'post';
const rank: Record<Order, number> = { pre: 0, default: 1, post: 2 };

/** What a listener may be, given its hook's input and decision types. */
type Listener<I, D> = (input: I) => D | Promise<D>;

/** Options of a hook: its name and the schema every listener's decision must pass (plugins may be JS). */
export interface HookSpec<D> {
  name: string;
  decision: z.ZodType<D>;
}

/** A vote spec adds which decisions end the round ("the first deny short-circuits"). */
export interface VoteHookSpec<D> extends HookSpec<D> {
  final: (decision: D) => boolean;
}

/** A hook where every listener in order speaks, until one gives a final decision. */
export class VoteHook<I, D> {
  readonly kind = 'vote';
  private constructor(readonly spec: VoteHookSpec<D>) {}
  /** Declares a vote hook. */
  static define<I, D>(spec: VoteHookSpec<D>): VoteHook<I, D> {
    return new VoteHook<I, D>(spec);
  }
  /** A listener contribution for `Hooks.add` or a plugin. */
  of(listener: Listener<I, D>, order: Order = 'default'): Contribution {
    return { hook: this, listener: listener as Listener<unknown, unknown>, order };
  }
}

/**
 * What a slot listener returns to hand the slot on to the next listener: "not mine to decide". The same
 * value for every slot hook, and never a decision; `undefined` is not a pass (it is refused, naming this).
 */
export type Pass = { verdict: 'pass' };
export const PASS: Pass = Object.freeze({ verdict: 'pass' });

/** The schema of the pass value: exactly `{verdict: 'pass'}`. */
export const PassSchema = z.strictObject({ verdict: z.literal('pass') });

/** How the pass value is written, for messages and help. */
export const PASS_TEXT = "{verdict: 'pass'}";

/** A hook with a single decision: the first listener that does not pass decides; later ones are not called. */
export class SlotHook<I, D> {
  readonly kind = 'slot';
  /** Every answer a listener may give: a decision, or the pass value. */
  readonly answer: z.ZodType<D | Pass>;
  private constructor(readonly spec: HookSpec<D>) {
    // One check for the dispatcher and for anyone checking an answer ahead (the sandbox's console).
    this.answer = z.unknown().transform((raw, ctx) => {
      const answer = slotAnswer(this as SlotHook<unknown, D>, raw);
      if (answer.ok) return answer.value;
      ctx.addIssue({ code: 'custom', message: answer.error, input: raw });
      return z.NEVER;
    });
  }
  /** Declares a slot hook. */
  static define<I, D>(spec: HookSpec<D>): SlotHook<I, D> {
    return new SlotHook<I, D>(spec);
  }
  /** A listener contribution for `Hooks.add` or a plugin: it decides, or returns `PASS`. */
  of(listener: Listener<I, D | Pass>, order: Order = 'default'): Contribution {
    return { hook: this, listener: listener as Listener<unknown, unknown>, order };
  }
}

/** A plain notification: synchronous, returns nothing, and a failing listener never reaches the sender. */
export class Notice<P> {
  readonly kind = 'notice';
  private constructor(readonly name: string) {}
  /** Declares a notification. */
  static define<P>(name: string): Notice<P> {
    return new Notice<P>(name);
  }
  /** A listener contribution for `Hooks.add` or a plugin. */
  of(listener: (payload: P) => void, order: Order = 'default'): Contribution {
    return { hook: this, listener: listener as Listener<unknown, unknown>, order };
  }
}

// Contributions only need the hook's identity; the typed dispatchers below restore the types.
type AnyHook = { readonly kind: 'vote' | 'slot' | 'notice' };

/** One listener, ready to be added to a `Hooks`. Made by `hook.of(listener)`. */
export interface Contribution {
  hook: AnyHook;
  listener: Listener<unknown, unknown>;
  order: Order;
}

/** A decision together with the plugin that made it, so the log can say who decided. */
export interface Decided<D> {
  decision: D;
  by: string;
}

/** A named set of contributions, installed with `hooks.install(plugin)`. */
export interface Plugin {
  name: string;
  contributions: readonly Contribution[];
}

interface Entry extends Contribution {
  plugin: string;
  seq: number;
}

/**
 * The listeners of every hook, for one harness. Listeners are added and removed at any time (live
 * plugin reload); each dispatch sees the listeners present when it starts.
 */
export class Hooks {
  private entries: readonly Entry[] = [];
  private seq = 0;
  // Each hook's listeners in dispatch order, worked out once per change of `entries` (every call
  // dispatches several times, and plugins come and go rarely).
  private readonly ordered = new Map<AnyHook, readonly Entry[]>();
  /**
   * Called when a notification listener throws and the sender gave `notify` no reporter of its own; the
   * sender never sees it. The session reports its own (as `plugin/error` events in its log).
   */
  onNoticeError: (error: PluginError) => void = (error) => console.error(error.message);

  /** Adds `plugin`'s contributions; returns the function that removes exactly them. */
  add(plugin: string, contributions: readonly Contribution[]): () => void {
    const added = contributions.map((c) => ({ ...c, plugin, seq: this.seq++ }));
    this.entries = [...this.entries, ...added];
    this.ordered.clear();
    return () => {
      this.entries = this.entries.filter((e) => !added.includes(e));
      this.ordered.clear();
    };
  }

  /** Adds a plugin's contributions under its name; returns its uninstaller. */
  install(plugin: Plugin): () => void {
    return this.add(plugin.name, plugin.contributions);
  }

  /** The listeners of `hook` in dispatch order: by level, then by when they were added. */
  listeners(hook: AnyHook): readonly Entry[] {
    let found = this.ordered.get(hook);
    if (found === undefined) {
      found = this.entries
        .filter((e) => e.hook === hook)
        .sort((a, b) => rank[a.order] - rank[b.order] || a.seq - b.seq);
      this.ordered.set(hook, found);
    }
    return found;
  }

  /** The names of the plugins with at least one listener. */
  plugins(): string[] {
    return [...new Set(this.entries.map((e) => e.plugin))];
  }
}

async function listen<I>(entry: Entry, name: string, input: I): Promise<unknown> {
  try {
    return await entry.listener(input);
  } catch (thrown) {
    // codeOf never throws; `instanceof` does when the thrown value is a revoked proxy.
    throw codeOf(thrown, 'PLUGIN_ERROR') === 'PLUGIN_TIMEOUT' || isOwnError(thrown, entry.plugin)
      ? thrown
      : new PluginError(entry.plugin, name, thrown);
  }
}

function check<D>(entry: Entry, name: string, schema: z.ZodType<D>, raw: unknown): D {
  let why: string;
  try {
    const parsed = schema.safeParse(raw, { reportInput: true });
    if (parsed.success) return parsed.data;
    why = explainIssues(parsed.error, schema);
  } catch (thrown) {
    // zod reads the decision's properties, and a getter there may throw: still the plugin's fault.
    why = describeThrown(thrown);
  }
  throw new PluginError(entry.plugin, name, `invalid decision (${why})`, 'PLUGIN_DECISION_INVALID');
}

async function ask<I, D>(entry: Entry, spec: HookSpec<D>, input: I): Promise<D> {
  return check(entry, spec.name, spec.decision, await listen(entry, spec.name, input));
}

// A listener's own PluginError that already names it (a sandboxed plugin's, with the line) is not
// wrapped again: the message names the plugin and the hook once.
function isOwnError(thrown: unknown, plugin: string): boolean {
  try {
    return thrown instanceof PluginError && thrown.plugin === plugin;
  } catch {
    return false;
  }
}

/**
 * Vote: every listener speaks in order and sees the input as folded by the decisions before it; the
 * first final decision ends the round. Returns every decision made, in order, and the folded input.
 */
export async function vote<I, D>(
  hooks: Hooks,
  hook: VoteHook<I, D>,
  input: I,
  fold: (input: I, decided: Decided<D>) => I = (same) => same,
): Promise<{ decided: Decided<D>[]; input: I }> {
  const decided: Decided<D>[] = [];
  for (const entry of hooks.listeners(hook)) {
    const one = { decision: await ask(entry, hook.spec, input), by: entry.plugin };
    decided.push(one);
    if (hook.spec.final(one.decision)) break;
    input = fold(input, one);
  }
  return { decided, input };
}

/**
 * Slot: listeners are asked in order until one decides (any answer but `PASS`); no later one is called.
 * `undefined` when nobody listens or every listener passed.
 */
export async function slot<I, D>(
  hooks: Hooks,
  hook: SlotHook<I, D>,
  input: I,
): Promise<Decided<D> | undefined> {
  for (const entry of hooks.listeners(hook)) {
    const answer = slotAnswer(hook, await listen(entry, hook.spec.name, input));
    if (!answer.ok) {
      const why = `invalid decision (${answer.error})`;
      throw new PluginError(entry.plugin, hook.spec.name, why, 'PLUGIN_DECISION_INVALID');
    }
    if (!isPass(answer.value)) return { decision: answer.value, by: entry.plugin };
  }
  return undefined;
}

const isPass = (answer: unknown): answer is Pass => answer === PASS || PassSchema.safeParse(answer).success;

/**
 * Checks what a slot listener returned: its decision, the pass value, or why it is neither, in words
 * (nothing, or null as nothing arrives from a sandbox, gets its own sentence naming the pass value).
 */
export function slotAnswer<D>(hook: SlotHook<unknown, D>, raw: unknown): Result<D | Pass, string> {
  if (raw === undefined || raw === null) {
    const what = raw === null ? 'null' : 'nothing';
    return {
      ok: false,
      error: `it returned ${what}: return a decision, or ${PASS_TEXT} to hand the slot on`,
    };
  }
  try {
    // An answer that means to pass must be exactly the pass value; any other is a decision.
    const passing = typeof raw === 'object' && (raw as { verdict?: unknown }).verdict === 'pass';
    const schema: z.ZodType<D | Pass> = passing ? PassSchema : hook.spec.decision;
    const parsed = schema.safeParse(raw, { reportInput: true });
    if (parsed.success) return { ok: true, value: parsed.data };
    const explained = explainIssues(parsed.error, schema);
    // A wrong or missing verdict may be a pass misspelt ('skip', 'Pass'): name the pass value as well.
    const atVerdict = parsed.error.issues.some((i) => i.path.length === 0 || i.path[0] === 'verdict');
    const hint = !passing && atVerdict ? `; or return ${PASS_TEXT} to hand the slot on` : '';
    return { ok: false, error: explained + hint };
  } catch (thrown) {
    // zod reads the decision's properties, and a getter there may throw: still the plugin's fault.
    return { ok: false, error: describeThrown(thrown) };
  }
}

/**
 * Notify: calls every listener synchronously; a listener that throws (now, or later for an async one) is
 * reported to `report` (else `hooks.onNoticeError`), never rethrown.
 */
export function notify<P>(
  hooks: Hooks,
  notice: Notice<P>,
  payload: P,
  report: (error: PluginError) => void = hooks.onNoticeError,
): void {
  for (const entry of hooks.listeners(notice)) {
    const failed = (thrown: unknown) => report(noticeError(notice, entry, thrown));
    try {
      const returned: unknown = entry.listener(payload);
      // An async listener (plugins may be JS) fails later; left alone it would be an unhandled rejection.
      if (returned instanceof Promise) returned.catch(failed);
    } catch (thrown) {
      failed(thrown);
    }
  }
}

// A listener may throw a PluginError of its own that names the hook in its terms (a sandboxed plugin's
// `observed` says fs/observed); anything else is wrapped with the notice's name.
function noticeError(notice: { name: string }, entry: Entry, thrown: unknown): PluginError {
  try {
    if (thrown instanceof PluginError && thrown.plugin === entry.plugin) return thrown;
  } catch {
    // A revoked proxy throws even on `instanceof`: it is described like anything else thrown.
  }
  return new PluginError(entry.plugin, notice.name, thrown);
}
