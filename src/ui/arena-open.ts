import type { App } from './app';

/** Opens the edit-safety arena (More → Arena, `?arena=1`): its code loads on first use, never before. */
export async function openArena(app: App): Promise<void> {
  const { showArena } = await import('./arena/view');
  showArena(app);
}
