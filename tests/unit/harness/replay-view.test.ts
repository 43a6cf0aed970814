import { describe, expect, it, vi } from 'vitest';
import {
  Hooks,
  Registry,
  Session,
  type ToolResult,
  parseLog,
  replay,
  serializeLog,
} from '../../../src/harness';
import { mk } from './fixtures';

/** Replays a session's log after writing it out and reading it back. */
const replayed = (session: Session) =>
  replay(parseLog(serializeLog(session.events)), (name) => session.spec.registry.get(name));

describe('replay: what the presenter sees', () => {
  const presenter = vi.fn((_args: unknown, result: ToolResult) => ({
    card: 'generic' as const,
    body: JSON.stringify(result),
  }));
  const tool = mk({ presentationMeta: () => ({ n: 1 }), presentResult: presenter });
  const mkSession = () =>
    new Session({ id: 's', registry: new Registry().register(tool), hooks: new Hooks() });

  it('gives presentResult only content, error and meta on replay', async () => {
    const session = mkSession();
    await session.call('echo', { message: 'x' });
    presenter.mockClear();
    replayed(session);
    expect(Object.keys(presenter.mock.calls[0]?.[1] ?? {}).sort()).toEqual(['content', 'meta']);
  });

  it('rebuilds a card that shows the whole result exactly', async () => {
    const session = mkSession();
    const live = await session.call('echo', { message: 'x' });
    expect(replayed(session)).toEqual([live.entry]);
  });
});
