/** What the keys drive. */
export interface KeyTarget {
  readonly state: string;
  play(): Promise<void>;
  pause(): void;
  step(): Promise<void>;
  reset(): Promise<void>;
}

/**
 * The page's keys: Space plays or pauses, → steps, R resets. Keys typed into a field, an editor, a dialog
 * or with a modifier are left alone.
 */
export function handleKey(e: KeyboardEvent, app: KeyTarget): void {
  const target = e.target as HTMLElement | null;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (target?.closest('input, textarea, select, [contenteditable], dialog, .cm-editor')) return;
  if (e.key === ' ' && !target?.closest('button, summary, a')) {
    e.preventDefault();
    if (app.state === 'playing') app.pause();
    else void app.play();
  } else if (e.key === 'ArrowRight') {
    e.preventDefault();
    void app.step();
  } else if (e.key === 'r' || e.key === 'R') {
    e.preventDefault();
    void app.reset();
  }
}
