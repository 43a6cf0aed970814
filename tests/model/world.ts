// The real side of the model-based test: the whole harness (Registry, Hooks, the file tools, the
// fs-observation-policy, one Session per agent) over a backend, driven by the reference's commands.
import { Hooks, Registry, Session, parseLog, serializeLog, type HarnessEvent } from '../../src/harness';
import { FsError } from '../../src/fs/errors';
import type { Actor, FsBackend } from '../../src/fs/types';
import { fsObservationPolicy, type ObservationPolicy } from '../../src/plugins/fs-observation-policy';
import { fileTools } from '../../src/tools';
import { SESSIONS, type Command, type SessionId } from './reference';

/** The backends of one page: the agents' own, and the one that changes files behind their backs. */
export interface Backends {
  fs: FsBackend;
  external: FsBackend;
}

/** One page of the app: backends, policy and sessions. A reload builds a new one. */
export interface World extends Backends {
  policy: ObservationPolicy;
  sessions: ReadonlyMap<SessionId, Session>;
  /** Each session's log as stored before this page started (the app persists logs as JSON text). */
  stored: ReadonlyMap<SessionId, string>;
}

/** What one command did: its error code (null for success) and the version it reported, if any. */
export interface Outcome {
  code: string | null;
  version?: string;
}

const button: Actor = { kind: 'external', who: 'button' };
const none = { kind: 'none' } as const;

/** Starts a page on `backends`, restoring every ledger from the stored logs. */
export function boot(backends: Backends, stored: ReadonlyMap<SessionId, string> = new Map()): World {
  const hooks = new Hooks();
  const policy = fsObservationPolicy();
  hooks.install(policy);
  const registry = new Registry();
  for (const tool of fileTools(backends.fs)) registry.register(tool);
  policy.restore(SESSIONS.flatMap((id) => storedLog(stored, id)));
  const sessions = new Map(SESSIONS.map((id) => [id, new Session({ id, registry, hooks })]));
  return { ...backends, policy, sessions, stored };
}

/** Persists every session's log (what came before plus this page's events) and boots a new page. */
export function reload(world: World, backends: Backends): World {
  const stored = new Map(
    SESSIONS.map((id) => {
      const events = [...storedLog(world.stored, id), ...world.sessions.get(id)!.events];
      return [id, serializeLog(events)] as const;
    }),
  );
  return boot(backends, stored);
}

function storedLog(stored: ReadonlyMap<SessionId, string>, id: SessionId): HarnessEvent[] {
  const text = stored.get(id);
  return text === undefined ? [] : parseLog(text);
}

/** Runs one command (other than reload) against the world; an agent's call takes `signal`. */
export async function execute(
  world: World,
  command: Exclude<Command, { kind: 'reload' }>,
  signal?: AbortSignal,
): Promise<Outcome> {
  switch (command.kind) {
    case 'external-write':
      return backend(() => world.external.write(command.path, command.content, none, button));
    case 'external-edit': {
      const { oldString, newString } = command;
      return backend(() => world.external.edit(command.path, { oldString, newString }, none, button));
    }
    case 'delete':
      return backend(async () => (await world.external.delete(command.path, button), {}));
    default: {
      const session = world.sessions.get(command.session)!;
      const [tool, args] = toolCall(command);
      const { outcome } = await session.call(tool, args, signal ? { signal } : {});
      return { code: outcome.result.error?.code ?? null, ...versionOf(outcome.value) };
    }
  }
}

/** The tool and arguments an agent sends for a command. */
function toolCall(command: Extract<Command, { session: SessionId }>): [string, unknown] {
  const editor = (args: object): [string, unknown] => ['str_replace_editor', args];
  const { path } = command;
  switch (command.kind) {
    case 'read': {
      const { offset, limit } = command;
      if (command.via === 'read') return ['read', { path, offset, limit }];
      const first = offset ?? 1;
      const range =
        offset === undefined && limit === undefined
          ? {}
          : { view_range: [first, limit ? first + limit - 1 : -1] };
      return editor({ command: 'view', path, ...range });
    }
    case 'write':
      return command.via === 'write'
        ? ['write', { path, content: command.content }]
        : editor({ command: 'create', path, file_text: command.content });
    case 'edit':
      return command.via === 'edit'
        ? [
            'edit',
            {
              path,
              old_string: command.oldString,
              new_string: command.newString,
              replace_all: command.replaceAll,
            },
          ]
        : editor({ command: 'str_replace', path, old_str: command.oldString, new_str: command.newString });
    case 'insert':
      return editor({ command: 'insert', path, insert_line: command.line, new_str: command.text });
  }
}

/** The version in a tool's value: read and change values carry it, str_replace_editor nests them. */
function versionOf(value: unknown): { version?: string } {
  if (typeof value !== 'object' || value === null) return {};
  const inner = 'view' in value ? value.view : 'change' in value ? value.change : value;
  const version = (inner as { version?: unknown }).version;
  return typeof version === 'string' ? { version } : {};
}

async function backend(work: () => Promise<{ version?: string }>): Promise<Outcome> {
  try {
    const { version } = await work();
    return { code: null, ...(version === undefined ? {} : { version }) };
  } catch (error) {
    if (error instanceof FsError) return { code: error.code };
    throw error;
  }
}
