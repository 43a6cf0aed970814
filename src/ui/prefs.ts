/** The visitor's choices kept in this browser (beside the theme): the key, and a value of one kind. */
const PREFIX = 'harness-playground:';

/** The kept choice "let the scenario make its external edits when playing". */
export const AUTO_EXTERNAL = 'auto-external';

/** Reads a boolean choice; `fallback` when none was made or storage is blocked. */
export function readFlag(name: string, fallback: boolean): boolean {
  try {
    const saved = localStorage.getItem(PREFIX + name);
    return saved === null ? fallback : saved === 'true';
  } catch {
    return fallback;
  }
}

/** Keeps a boolean choice; storage may be blocked (private windows), and then it lasts this visit only. */
export function writeFlag(name: string, on: boolean): void {
  try {
    localStorage.setItem(PREFIX + name, String(on));
  } catch {
    // The choice still applies for this visit.
  }
}
