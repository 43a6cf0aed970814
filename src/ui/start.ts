import type { UseStore } from 'idb-keyval';
import type { FsBackend } from '../fs/types';
import {
  ANY_VISITOR_TOOL,
  parseScenarioFile,
  scenarioById,
  scenarioPolicyIds,
  type Lang,
  type Scenario,
  type ScenarioPolicyId,
} from '../model';
import type { SessionRecord, SessionStore, StorageState } from '../storage';
import { Playground, type PlaygroundSpec } from '../run';
import { loadSqlEngine } from '../run/sql-engine';
import { askApproval } from './approval';
import { acceptDrops } from './drops';
import { lang, tr } from './i18n';
import { handleKey, type KeyTarget } from './keys';
import type { LabLoader } from './lab-loader';
import { hasKeptPlugins } from './lab/kept';
import type { Lesson } from './lesson';
import type { Persistence } from './persistence';
import { AUTO_EXTERNAL, readFlag } from './prefs';
import { DEFAULT_POLICY, policyOptions, runPolicyState } from './run-policy';
import type { uiStore, Speed, UiStore } from './state';
import type { WorkspaceFiles } from './workspace';

/** What the page's run is opened from (a part of `AppSpec`). */
export interface StartSpec {
  fs: FsBackend;
  lang: Lang;
  scenario: Scenario;
  resume?: SessionRecord | null;
  policy?: boolean;
  /** The policy to run under (`?policy=<id>`) in place of the scenario's own. */
  edits?: ScenarioPolicyId;
}

/** What the store's first state is made from (a part of `AppSpec`). */
export interface StateSpec {
  fs: FsBackend;
  lang: Lang;
  embed?: boolean;
  speed?: Speed;
  notice?: { text: string; code?: string };
  storage?: StorageState | null;
  autoExternal?: boolean;
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
export async function startPlayground(spec: StartSpec): Promise<Started> {
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
      return { pg: await Playground.resume(pgSpec, savedScenario(saved), saved), resumed: saved, refusal };
    } catch (error) {
      refusal = tr('resumeFailed', { why: error instanceof Error ? error.message : String(error) });
    }
  }
  const options = await policyOptions(
    { policy: spec.policy ?? true, edits: spec.edits ?? null },
    spec.scenario,
  );
  const pg = await Playground.open(pgSpec, spec.scenario, options);
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
export function initialState(spec: StateSpec, pg: Playground): Parameters<typeof uiStore>[0] {
  return {
    lang: spec.lang,
    ...runPolicyState(pg),
    // The visitor's choice is whatever runs that is not the scenario's own.
    edits: chosenPolicy(pg),
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

/** What `carryOn` works with: the app's commands, its options, and the features it starts. */
export interface CarryOnSpec {
  app: KeyTarget & {
    setNotice(text: string, more: { code: string }): void;
    openScenarioFile(file: Blob): Promise<void>;
  };
  spec: Pick<StartSpec, 'fs'> & {
    embed?: boolean;
    plugins?: readonly unknown[];
    kept?: UseStore | null;
    sessions?: SessionStore | null;
  };
  resumed: SessionRecord | null;
  lesson: Lesson;
  lab: LabLoader;
  store: UiStore;
  files: WorkspaceFiles;
  persistence: Persistence;
}

/**
 * Carries on what the page was made with: a resumed lab scenario gets its example plugin back, plugin code
 * from a link opens the lab, the visitor's kept plugins take part again; then the file list, a notice on
 * damaged records, the keys and (outside an embed) files dropped on the page.
 */
export async function carryOn(c: CarryOnSpec): Promise<void> {
  const { app, spec, lesson, lab, store } = c;
  const linked = Boolean(spec.plugins?.length);
  const scenario = lesson.scenario;
  if (c.resumed) {
    // A lab scenario's plugin is not saved with the run: its example goes back in, the run carries on.
    await lab.applyExample(scenario, !spec.embed);
    lesson.runner.settle();
  } else if (scenario.lab && !linked) {
    // Plugin code from a link is the lab's to hold: then the scenario opens as it is, without its example.
    // Opened as it is, not by id: an author's file made for a lab example gets the example too.
    await lesson.open(scenario);
  }
  if (linked) {
    store.set({ tab: 'lab' });
    await lab.open();
  } else if (!spec.embed && (await hasKeptPlugins(spec.kept))) {
    // The visitor's plugins kept in this browser take part in runs again, as before the reload.
    await lab.open();
  }
  await c.files.refresh();
  // What damaged records of this browser's storage were set aside, unless another notice shows.
  const bad = badRecordsNotice(spec.fs, spec.sessions ?? null);
  if (bad && !store.get().notice) app.setNotice(bad, { code: 'STORAGE_BAD_RECORD' });
  document.addEventListener('keydown', (e) => handleKey(e, app));
  if (!spec.embed) {
    acceptDrops({
      session: (file) => c.persistence.importSession(file),
      scenario: (file) => app.openScenarioFile(file),
    });
  }
}

/** The policy `pg` runs under when it is not its scenario's own (a choice kept across a reload), or null. */
function chosenPolicy(pg: Playground): ScenarioPolicyId | null {
  const id = scenarioPolicyIds.find((known) => known === pg.run.policyId);
  return id && id !== (pg.scenario.policy ?? DEFAULT_POLICY) ? id : null;
}
