import type { FsBackend } from '../fs/types';
import {
  Hooks,
  Registry,
  Session,
  type Approve,
  type Clock,
  type HarnessEvent,
  type LiveCall,
  type Plugin,
  type Tool,
} from '../harness';
import type { Scenario } from '../model/scenario';
import { fsObservationPolicy, type ObservationPolicy } from '../plugins/fs-observation-policy';
import type { PolicyPlugin, PolicySpec, policyIds } from '../plugins/policies';
import type { scenarioPolicyIds } from '../model/scenario';
import { builtInPlugin } from './plugins';
import { toolsFor, type ToolSetContext } from './tool-sets';

// The policies a scenario may name are exactly the registry's, in the same order (the arena's columns
// and the policy dialog follow one, the scenario format's enum the other): the compiler refuses a
// policy missing either way, and two lists in different orders.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Always true: the compiler checks that the two lists of policy ids are the same list. */
export const POLICY_IDS_MATCH: Same<typeof policyIds, typeof scenarioPolicyIds> = true;

/** Plugins and tools the visitor added (the plugin lab), installed into every run. */
export interface VisitorExtras {
  plugins: readonly Plugin[];
  tools: readonly Tool[];
}

/** A visitor's tool that was not installed, and why. */
export interface RefusedTool {
  tool: string;
  reason: string;
}

/** Everything a run is built from. */
export interface RunSpec extends Omit<ToolSetContext, 'unicodeFallback'> {
  fs: FsBackend;
  scenario: Pick<Scenario, 'id' | 'tools' | 'unicodeFallback' | 'onlyEditWhatWasRead'>;
  /** Whether the run gets the observation policy. */
  policy: boolean;
  /**
   * Another edit-safety policy in its place (one of src/plugins/policies, passed in so that the first page
   * loads none of them); `dsh-ledger`, the default, is the observation policy itself. Only when `policy`
   * is on.
   */
  edits?: PolicySpec;
  /** The agent session: its id and clock, and the log to carry on when it is resumed. */
  session: { id: string; clock: Clock; log?: readonly HarnessEvent[] };
  approve?: Approve;
  /** Built-in plugins to start with, by id (see `scenarioPlugins`). */
  plugins?: readonly string[];
  visitor?: VisitorExtras;
}

/**
 * One run of the harness, ready to take calls: its hooks, the observation policy (when it is on), the
 * registry with the scenario's tool sets and the visitor's tools, and the agent session. Built whole by
 * `createRun`; what changes during the run (the built-in plugins a scenario switches, the visitor's
 * extras) is replaced through its methods.
 */
export interface Run {
  readonly hooks: Hooks;
  readonly registry: Registry;
  /** The observation policy, when it is the run's policy now (`dsh-ledger`); else null. */
  readonly policy: ObservationPolicy | null;
  /** The edit-safety policy installed now, by id, or null when the run has none. */
  readonly policyId: string | null;
  readonly session: Session;
  /** Live calls by call id: the only place canonical values live. */
  readonly calls: Map<string, LiveCall>;
  /** The built-in plugins installed now, by id. */
  plugins(): readonly string[];
  /** Replaces the built-in plugins (not the observation policy) with `ids`. */
  usePlugins(ids: readonly string[]): void;
  /**
   * Replaces the edit-safety policy with `edits` (the observation policy when undefined), still the first
   * to decide; a run without a policy (the switch off) keeps none. What the old one knew is not carried.
   */
  usePolicy(edits: PolicySpec | undefined): void;
  /** Replaces the visitor's extras; a tool whose name is taken is left out and named in the answer. */
  useVisitor(extras: VisitorExtras): RefusedTool[];
  /** The visitor's tools left out because their names were taken, and why. */
  refusedTools(): readonly RefusedTool[];
}

/** A run's edit-safety policy as made: its id, its plugin, and the observation policy when it is that. */
interface MadePolicy {
  id: string | null;
  plugin: PolicyPlugin | null;
  observation: ObservationPolicy | null;
}

/** Makes the policy `edits` names (the observation policy when undefined), or none when the switch is off. */
function makePolicy(spec: RunSpec, edits: PolicySpec | undefined): MadePolicy {
  if (!spec.policy) return { id: null, plugin: null, observation: null };
  if (!edits || edits.id === 'dsh-ledger') {
    const observation = fsObservationPolicy({
      onlyEditWhatWasRead: spec.scenario.onlyEditWhatWasRead ?? false,
    });
    return { id: 'dsh-ledger', plugin: observation, observation };
  }
  return { id: edits.id, plugin: edits.make({ read: (p) => spec.fs.read(p) }), observation: null };
}

/** The composition root: builds a run from its spec, with every part installed, and returns it ready. */
export function createRun(spec: RunSpec): Run {
  const hooks = new Hooks();
  let edits = makePolicy(spec, spec.edits);
  let uninstallPolicy = edits.plugin ? hooks.install(edits.plugin) : () => {};
  const registry = new Registry();
  const context: ToolSetContext = {
    fs: spec.fs,
    unicodeFallback: spec.scenario.unicodeFallback ?? false,
    race: spec.race,
    ...(spec.sqlEngine ? { sqlEngine: spec.sqlEngine } : {}),
  };
  for (const tool of toolsFor(spec.scenario.tools ?? [], context)) registry.register(tool);
  let builtIn = { ids: [] as readonly string[], uninstall: [] as (() => void)[] };
  let visitor = {
    extras: spec.visitor ?? { plugins: [], tools: [] },
    refused: [] as RefusedTool[],
    uninstall: [] as (() => void)[],
  };
  const usePlugins = (ids: readonly string[]) => {
    for (const uninstall of builtIn.uninstall) uninstall();
    const known = ids.flatMap((id) => {
      const plugin = builtInPlugin(id);
      return plugin ? [hooks.install(plugin)] : [];
    });
    builtIn = { ids: [...ids], uninstall: known };
  };
  const useVisitor = (extras: VisitorExtras) => {
    for (const uninstall of visitor.uninstall) uninstall();
    const uninstall = extras.plugins.map((plugin) => hooks.install(plugin));
    const refused: RefusedTool[] = [];
    for (const tool of extras.tools) {
      if (registry.get(tool.name)) {
        refused.push({ tool: tool.name, reason: `a tool named "${tool.name}" is already registered` });
        continue;
      }
      registry.register(tool);
      uninstall.push(() => registry.unregister(tool.name));
    }
    visitor = { extras, refused, uninstall };
    return refused;
  };
  const usePolicy = (next: PolicySpec | undefined) => {
    if (edits.id === null) return;
    uninstallPolicy();
    edits = makePolicy(spec, next);
    uninstallPolicy = edits.plugin ? hooks.install(edits.plugin) : () => {};
    // Installed again after the policy, so that it still decides first (first listener wins).
    usePlugins(builtIn.ids);
    useVisitor(visitor.extras);
  };
  // The visitor's tools are in the registry before the session starts, so its start lists them.
  useVisitor(spec.visitor ?? { plugins: [], tools: [] });
  usePlugins(spec.plugins ?? []);
  const session = new Session({
    id: spec.session.id,
    clock: spec.session.clock,
    ...(spec.session.log ? { log: spec.session.log } : { scenario: spec.scenario.id }),
    registry,
    hooks,
    checkPurity: true,
    ...(spec.approve ? { approve: spec.approve } : {}),
  });
  if (spec.session.log) edits.plugin?.restore?.(spec.session.log);
  return {
    hooks,
    registry,
    get policy() {
      return edits.observation;
    },
    get policyId() {
      return edits.id;
    },
    usePolicy,
    session,
    calls: new Map(),
    plugins: () => builtIn.ids,
    usePlugins,
    useVisitor,
    refusedTools: () => visitor.refused,
  };
}
