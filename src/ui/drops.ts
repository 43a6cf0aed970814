/** What a dropped JSON file is, from its first bytes: a saved session, or (anything else) a scenario. */
export async function droppedKind(file: Blob): Promise<'session' | 'scenario'> {
  const head = await file.slice(0, 4096).text();
  return /"format"\s*:\s*"harness-playground\/session"/.test(head) ? 'session' : 'scenario';
}

/** What a dropped file opens in. */
export interface DropTarget {
  session(file: Blob): Promise<void>;
  scenario(file: Blob): Promise<void>;
}

/**
 * Hears JSON files dropped anywhere on the page (and only those: other drops keep their meaning): a
 * session file is imported into replay, any other JSON file opened as a scenario.
 */
export function acceptDrops(target: DropTarget): void {
  const open = async (file: File) => {
    if ((await droppedKind(file)) === 'session') await target.session(file);
    else await target.scenario(file);
  };
  const files = (e: DragEvent) => [...(e.dataTransfer?.items ?? [])].some((i) => i.kind === 'file');
  document.addEventListener('dragover', (e) => {
    if (files(e)) e.preventDefault();
  });
  document.addEventListener('drop', (e) => {
    const file = [...(e.dataTransfer?.files ?? [])].find(
      (f) => /\.json$/i.test(f.name) || f.type === 'application/json',
    );
    if (!file) return;
    e.preventDefault();
    void open(file);
  });
}
