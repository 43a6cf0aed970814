// What an edit-safety policy is, as the arena and a run see it: a plugin that answers the write and edit
// intents, plus what it says about itself (the product and public source it models).
import type { HarnessEvent, Plugin } from '../../harness';

/** A file as a policy may look at it: the backend's `read`, without the rest of the backend. */
export type ReadFile = (path: string) => Promise<{ content: string; version: string } | null>;

/** What a policy is made with: a way to read the workspace it guards. */
export interface PolicyContext {
  read: ReadFile;
}

/** A policy as installed in one harness: a plugin, and how it comes back after a reload. */
export interface PolicyPlugin extends Plugin {
  /**
   * Rebuilds what the policy knew from a session's log (a page reload, a resume). A policy without it
   * forgets everything on a resume, as the product it models does.
   */
  restore?: (events: readonly HarnessEvent[]) => void;
  /**
   * The text of `content` an edit's `oldString` stands for, when the policy matches more loosely than
   * the backend's exact search: the edit tool then replaces that text. Null: the exact search decides.
   */
  locate?: (content: string, oldString: string) => string | null;
}

/** Where a policy's rule comes from. */
export interface PolicySource {
  product: string;
  version: string;
  /** The public changelog, code or note the rule is taken from. */
  source: string;
}

/** A policy that can be a run's policy, chosen by `id`. */
export interface PolicySpec {
  id: string;
  /** One sentence: what it checks before a write or an edit. */
  summary: string;
  models: PolicySource;
  make: (context: PolicyContext) => PolicyPlugin;
}

/** Declares a policy; the registry of policies lists each once. */
export function definePolicy(spec: PolicySpec): PolicySpec {
  if (!/^[a-z][a-z0-9-]*$/.test(spec.id)) throw new RangeError(`Invalid policy id "${spec.id}"`);
  return spec;
}
