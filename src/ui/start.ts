import type { UseStore } from 'idb-keyval';
import type { FsBackend } from '../fs/types';
import {
  ANY_VISITOR_TOOL,
  parseScenarioFile,
  scenarioById,
  type LabPlugin,
  type Lang,
  type Scenario,
} from '../model';
import type { SessionRecord, SessionStore, StorageState } from '../storage';
import { Playground, type PlaygroundSpec } from '../run';
import { loadSqlEngine } from '../run/sql-engine';
import { askApproval } from './approval';
import { lang, tr } from './i18n';
import { AUTO_EXTERNAL, readFlag } from './prefs';
import type { uiStore } from './state';
import { type Speed } from './state';

/** Options of the app. */
export interface AppSpec {
  root: HTMLElement;
  fs: FsBackend;
  lang: Lang;
  scenario: Scenario;
  /** The address `scenario` was fetched from (`?scenario-url=`): the embed snippet names the file by it. */
  scenarioUrl?: string;
  /** A compact view for an iframe: the transcript and the button, no chrome. */
  embed?: boolean;
  speed?: Speed;
  /** A notice to show at once (a damaged link, a refused scenario file), with its code when it has one. */
  notice?: { text: string; code?: string };
  /** Where sessions are saved as they grow; without it nothing is kept (embeds, no storage). */
  sessions?: SessionStore | null;
  /** Where the lab keeps its plugins; null keeps none (default: this browser's store). */
  kept?: UseStore | null;
  /**
   * Why the page keeps nothing (a banner with `STORAGE_UNAVAILABLE` says so), or null when it keeps what
   * it should; by default, whether `fs` is persistent (an embed keeps nothing on purpose, and says nothing).
   */
  storage?: StorageState | null;
  /** A saved run to carry on at start instead of loading `scenario` afresh. */
  resume?: SessionRecord | null;
  /** Whether runs get the observation policy (default true). */
  policy?: boolean;
  /** Plugin code from a share link: the lab opens with it, and it runs only when the visitor presses Run. */
  plugins?: LabPlugin[];
  /** Play makes the scenario's external edits itself (`autoplay=1`); else the visitor's choice. */
  autoExternal?: boolean;
  /** Start in presentation mode (`present=1`). */
  present?: boolean;
}

/** What the page starts with: its playground, the saved run it carries on (if any), and why not. */
export interface Started {
  pg: Playground;
  resumed: SessionRecord | null;
  /** Why the saved run could not be carried on. */
  refusal: string | null;
}

/**
 * Opens the playground: the saved run carried on when it still fits its scenario, or else the scenario
 * opened afresh with a line saying why the saved run was not.
 */
export async function startPlayground(spec: AppSpec): Promise<Started> {
  const pgSpec: PlaygroundSpec = {
    fs: spec.fs,
    // The script speaks the interface's language, read at each say: the store's, once the app has one.
    lang,
    sqlEngine: loadSqlEngine,
    approve: askApproval,
  };
  let refusal: string | null = null;
  const saved = spec.resume;
  if (saved) {
    try {
      return { pg: Playground.resume(pgSpec, savedScenario(saved), saved), resumed: saved, refusal };
    } catch (error) {
      refusal = tr('resumeFailed', { why: error instanceof Error ? error.message : String(error) });
    }
  }
  const pg = await Playground.open(pgSpec, spec.scenario, { policy: spec.policy ?? true });
  return { pg, resumed: null, refusal };
}

/** The scenario a saved run ran: the one it carries (a scenario of the visitor's own), or a built-in. */
function savedScenario(saved: SessionRecord): Scenario {
  if (saved.custom !== undefined) {
    // The run may have called a tool of the visitor's plugins, which is known only once they run again.
    const read = parseScenarioFile(saved.custom, { tools: ANY_VISITOR_TOOL });
    if (!read.ok) throw new RangeError(`its scenario no longer reads (${read.error.message})`);
    return read.value;
  }
  const scenario = scenarioById(saved.scenario);
  if (!scenario) throw new RangeError(`no scenario "${saved.scenario}"`);
  return scenario;
}

/** The store's first state for the page `spec` describes, around `pg`. */
export function initialState(spec: AppSpec, pg: Playground): Parameters<typeof uiStore>[0] {
  return {
    lang: spec.lang,
    policy: pg.policy !== null,
    speed: spec.speed ?? 'normal',
    notice: spec.notice ? { ...spec.notice, tone: 'warn' } : null,
    autoExternal: spec.autoExternal ?? readFlag(AUTO_EXTERNAL, false),
    present: spec.present ?? false,
    storage: spec.storage !== undefined ? spec.storage : spec.fs.persistent || spec.embed ? null : 'refused',
  };
}

/** A line on the damaged records of this browser's storage that were set aside, or null when none were. */
export function badRecordsNotice(fs: FsBackend, sessions: SessionStore | null): string | null {
  const problems = [...fs.problems(), ...(sessions?.problems() ?? [])];
  if (problems.length === 0) return null;
  const where = [...new Set(problems.map((p) => p.key))].slice(0, 3).join(', ');
  return tr('badRecords', { n: problems.length, where });
}
