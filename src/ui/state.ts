import type { HarnessEvent, TranscriptEntry } from '../harness';
import type { Lang, ModelInfo, ScenarioPolicyId } from '../model';
import type { OutcomeCheck } from '../run/outcome';
import type { StorageState } from '../storage';
import { Store } from './store';

/** What the run is doing; mirrored on the root as `data-run-state` for tests and embedding hosts. */
export type RunState = 'idle' | 'playing' | 'paused' | 'done';

/** Milliseconds between steps at each speed. */
export const speeds = { slow: 1600, normal: 800, fast: 250, instant: 0 } as const;
export type Speed = keyof typeof speeds;

/** The side panels, by tab; `transcript` is a tab of its own only at phone width. */
export type Tab = 'transcript' | 'files' | 'ledger' | 'log' | 'tools' | 'manual' | 'lab' | 'author';

/** A replayed session: a log shown without running anything. */
export interface Replaying {
  events: readonly HarnessEvent[];
  /** The transcript rebuilt so far (a long log is read in chunks). */
  entries: readonly TranscriptEntry[];
  title: string;
  scenario: string;
  /** How far reading the log has come, while it is not done. */
  read: { done: number; total: number } | null;
  /** The real model that drove the session, when one did. */
  model?: ModelInfo | null;
  /** The edit-safety policy the session ran under, when it is known (an arena run's). */
  policy?: ScenarioPolicyId;
}

/** What a replay may say beside its log and title: its scenario, its model, its policy. */
export type ReplayMore = Partial<Pick<Replaying, 'scenario' | 'model' | 'policy'>>;

/** A banner with a message: a warning (a damaged link, a refused import) or information. */
export interface Notice {
  text: string;
  tone: 'warn' | 'info';
  /** A stable code shown beside the text (IMPORT_*, LINK_*, STORAGE_*), also as `data-code`. */
  code?: string;
  /** An address to show for copying (the share link). */
  link?: string;
}

/**
 * Everything the interface shows besides the run itself, each in one place. The run (scenario, session,
 * script) is the playground's; views read both and change this only through the store.
 */
export interface UiState {
  lang: Lang;
  /** Whether runs get an edit-safety policy: the current run's, once it is loaded. */
  policy: boolean;
  /**
   * The policy the visitor chose (More → Policy), by id, for the runs of the scenario open; null: the
   * scenario's own `policy`, else the observation policy. Opening another scenario sets it back to null.
   */
  edits: ScenarioPolicyId | null;
  run: RunState;
  speed: Speed;
  tab: Tab;
  replay: Replaying | null;
  notice: Notice | null;
  /** Whether Play makes the scenario's scripted external edits itself (else it waits for the button). */
  autoExternal: boolean;
  /** Presentation mode: large text, the transcript, the run controls and the ledger only. */
  present: boolean;
  /** How the run that just ended compares with its scenario's stated outcome (null until then). */
  outcome: OutcomeCheck | null;
  /** A scenario is being recorded: what the visitor does as the model becomes its steps. */
  recording: boolean;
  /** A real model's run is under way (a request open or a call of its running). */
  modelRunning: boolean;
  /** How many of the visitor's plugins take part in runs now (the lab's count; 0 until it loads). */
  activePlugins: number;
  /** Why this page keeps nothing (its banner says so), or null when storage keeps what it should. */
  storage: StorageState | null;
}

/** The interface's store. */
export type UiStore = Store<UiState>;

/** A store with the interface's first state. */
export function uiStore(initial: Pick<UiState, 'lang' | 'policy' | 'speed'> & Partial<UiState>): UiStore {
  return new Store<UiState>({
    run: 'idle',
    tab: 'transcript',
    replay: null,
    notice: null,
    autoExternal: false,
    present: false,
    outcome: null,
    recording: false,
    modelRunning: false,
    activePlugins: 0,
    storage: null,
    edits: null,
    ...initial,
  });
}
