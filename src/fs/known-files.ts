import { type FileRecord, versionNumber } from './records';

/** How many mutations of a path read first after it lost a claim. */
const CONTENDED_WAIT = 8;

/** How much file content a tab keeps for deciding without reading: 16 M characters (about 32 MB). */
const KNOWN_CHARS = 16 * 2 ** 20;

/**
 * The files this tab last read or wrote through one connection, each at the version it then had, the
 * least recently used dropped beyond `KNOWN_CHARS`. A file here may since have changed; its version then
 * tells, because the next one is taken.
 */
export class KnownFiles {
  private readonly files = new Map<string, FileRecord>();
  private chars = 0;
  /** Paths whose claim was lost lately, and how many more of their mutations read first. */
  private readonly waits = new Map<string, number>();

  constructor(readonly db: IDBDatabase) {}

  /**
   * The file to decide against without reading, if any. A path whose claim was lost lately is read
   * first for its next few mutations: while tabs race for a file, a claim is likely to be lost, and
   * losing one costs a transaction more than reading first would.
   */
  trusted(path: string): FileRecord | null {
    const wait = this.waits.get(path);
    if (wait === undefined) return this.files.get(path) ?? null;
    if (wait <= 1) this.waits.delete(path);
    else this.waits.set(path, wait - 1);
    return null;
  }

  /** The file as last known, whatever its claim: for showing a change, never for deciding one. */
  peek(path: string): FileRecord | undefined {
    return this.files.get(path);
  }

  /** Forgets every file (the workspace was started afresh). */
  forget(): void {
    this.files.clear();
    this.waits.clear();
    this.chars = 0;
  }

  /** Notes that a claim on `path` was lost. */
  contended(path: string): void {
    this.waits.set(path, CONTENDED_WAIT);
  }

  /**
   * Records what `path` holds: a file, or null for none (or unknown). A file older than the one known is
   * ignored: a read that started before this tab's own commit can finish after it, and a path's versions
   * only grow (through one connection, to one database).
   */
  learn(path: string, file: FileRecord | null): void {
    const old = this.files.get(path);
    if (old !== undefined && file !== null && versionNumber(file.version) < versionNumber(old.version))
      return;
    if (old !== undefined) {
      this.files.delete(path);
      this.chars -= old.content.length;
    }
    if (file === null || file.content.length > KNOWN_CHARS) return;
    this.files.set(path, file);
    this.chars += file.content.length;
    while (this.chars > KNOWN_CHARS) {
      const [oldest, record] = this.files.entries().next().value!;
      this.files.delete(oldest);
      this.chars -= record.content.length;
    }
  }
}
