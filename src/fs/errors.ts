/** The codes of the errors the filesystem throws. Each is also an error code a tool call can end with. */
export type FsErrorCode =
  | 'FS_INVALID_PATH'
  | 'FS_NOT_FOUND'
  | 'FS_EXISTS'
  | 'FS_STALE_VERSION'
  | 'FS_EDIT_NOT_FOUND'
  | 'FS_AMBIGUOUS_EDIT'
  | 'FS_EMPTY_OLD_STRING'
  | 'FS_NO_CHANGE'
  | 'FS_OUTSIDE_LINES'
  | 'FS_QUOTA'
  | 'FS_ABORTED'
  | 'FS_UNAVAILABLE';

/**
 * What the matcher found when it refused an edit, for whoever words the refusal in the terms of its own
 * caller: the text to find is empty; the text to find and its replacement are the same, or replacing
 * changes nothing; the text is not there (`folded`: not even with quotes, dashes and spaces folded); or
 * it occurs `count` times, the first ones starting at `lines` (1-based, at most `AMBIGUOUS_LINES`).
 */
export type MatchDetail =
  | { kind: 'empty' }
  | { kind: 'identical' }
  | { kind: 'no-effect' }
  | { kind: 'not-found'; folded: boolean }
  | { kind: 'ambiguous'; count: number; lines: number[]; folded: boolean };

/** How many matches an ambiguity names the lines of. */
export const AMBIGUOUS_LINES = 5;

/**
 * A refusal or failure of the filesystem: a stable `code`, what happened, and the `remedy` that leads to
 * the right next action. The filesystem knows nothing of tools; the tools layer turns it into a tool error
 * at its boundary. A mutation that throws it has changed nothing.
 */
export class FsError extends Error {
  override readonly name = 'FsError';
  constructor(
    readonly code: FsErrorCode,
    message: string,
    readonly remedy?: string,
    /** Set on the matcher's refusals of an edit. */
    readonly detail?: MatchDetail,
  ) {
    super(message);
  }
}
