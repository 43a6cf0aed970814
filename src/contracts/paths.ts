// The path rules of tools that work on the workspace: the filesystem's own normalization, with its refusal
// said as the tool error the model reads. Tools declare their path fields with them (`ToolSpec.paths`).
import { ToolError, type PathRule } from '../harness';
import { FsError } from '../fs/errors';
import { normalizeFilePath, normalizePath } from '../fs/paths';

function asToolRule(normalize: (raw: string) => string): PathRule {
  return (raw) => {
    try {
      return normalize(raw);
    } catch (thrown) {
      if (thrown instanceof FsError) throw new ToolError(thrown.code, thrown.message, thrown.remedy);
      throw thrown;
    }
  };
}

/** A path that names a file: absolute, `.`, `..`, repeated and trailing slashes resolved; not `/`. */
export const filePath: PathRule = asToolRule(normalizeFilePath);

/** A path that names a directory (the root `/` included), normalized the same way. */
export const dirPath: PathRule = asToolRule(normalizePath);
