import type { HarnessEvent } from '../harness';
import type { LabLoader } from './lab-loader';
import type { ReplayMore } from './state';

/** What the arena asks of the page: the lab's plugin (Your policy) and a replay in the transcript. */
export interface ArenaHost {
  readonly lab: Pick<LabLoader, 'current'>;
  showReplay(events: readonly HarnessEvent[], title: string, more?: ReplayMore): void;
}

/** Opens the edit-safety arena (More → Arena, `?arena=1`): its code loads on first use, never before. */
export async function openArena(app: ArenaHost): Promise<void> {
  const { showArena } = await import('./arena/view');
  showArena(app);
}
