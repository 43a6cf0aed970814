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
  ) {
    super(message);
  }
}
