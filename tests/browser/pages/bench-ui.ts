// The in-page half of the interface benchmarks (scripts/bench-ui.mjs): long generated scenarios, the
// same runs without any interface (the baselines), and session files of a chosen size. Times are taken
// here with performance.now(); the script does the repeats and the medians.
import { MemoryBackend } from '../../../src/fs/memory';
import { openWorkspace } from '../../../src/fs/open';
import { replay } from '../../../src/harness';
import {
  parseSessionFile,
  serializeSessionFile,
  sessionFile,
  type Scenario,
  type Step,
} from '../../../src/model';
import { Playground, replayTools } from '../../../src/run';

/** A run's time, the steps it took and the error codes it met (there should be none). */
export interface RunTiming {
  ms: number;
  steps: number;
  errors: number;
}

declare global {
  interface Window {
    __benchUi?: {
      scenario(steps: number): Scenario;
      bare(steps: number): Promise<RunTiming>;
      sessionText(minEvents: number): Promise<{ text: string; events: number; bytes: number }>;
      parseAndReplay(text: string): { ms: number; entries: number };
    };
  }
}

const PATH = '/bench/notes.md';

/**
 * A scenario of `steps` calls: read the file, then bump its counter with an edit, over and over. Every
 * edit is made against the version just read, so the run meets no error.
 */
function scenario(steps: number): Scenario {
  const calls = Array.from({ length: steps }, (_, i): Step => {
    const n = Math.floor(i / 2);
    return i % 2 === 0
      ? { call: 'read', args: { path: PATH } }
      : { call: 'edit', args: { path: PATH, old_string: `count: ${n}`, new_string: `count: ${n + 1}` } };
  });
  return {
    id: 'bench-long',
    title: { en: `Benchmark: ${steps} steps`, zh: `基准：${steps} 步` },
    teaches: { en: 'A long run for the benchmarks.', zh: '供基准测试用的长运行。' },
    files: { [PATH]: `# Notes\n\ncount: 0\n\n${'A line of text that every read shows.\n'.repeat(8)}` },
    focus: PATH,
    steps: calls,
    outcome: { errors: [] },
  };
}

let databases = 0;

/** The baseline: the same scenario through the Playground and its IndexedDB workspace, no interface. */
async function bare(steps: number): Promise<RunTiming> {
  const fs = await openWorkspace(`bench-ui-${Date.now().toString(36)}-${++databases}`);
  const pg = await Playground.open({ fs }, scenario(steps));
  const start = performance.now();
  await pg.script.runToEnd(steps + 10);
  return { ms: performance.now() - start, steps: pg.script.state.position, errors: pg.errors().length };
}

/** A session file whose log has at least `minEvents` events, made by running the long scenario in memory. */
async function sessionText(minEvents: number): Promise<{ text: string; events: number; bytes: number }> {
  const pg = await Playground.open({ fs: new MemoryBackend() }, scenario(minEvents));
  while (pg.run.session.events.length < minEvents && !pg.script.done) await pg.script.step(true);
  const file = sessionFile(
    {
      scenario: 'bench-long',
      title: `Benchmark session, ${pg.run.session.events.length} events`,
      events: pg.run.session.events,
    },
    new Date(Date.UTC(2026, 0, 1, 9)),
  );
  const text = serializeSessionFile(file);
  return { text, events: file.events.length, bytes: new TextEncoder().encode(text).length };
}

/** The baseline of opening a session: parse and check the file, rebuild every entry; no interface. */
function parseAndReplay(text: string): { ms: number; entries: number } {
  const tools = replayTools(new MemoryBackend());
  const start = performance.now();
  const imported = parseSessionFile(text);
  if (!imported.ok) throw new Error(imported.error.message);
  const entries = replay(imported.value.events, (name) => tools.get(name));
  return { ms: performance.now() - start, entries: entries.length };
}

window.__benchUi = { scenario, bare, sessionText, parseAndReplay };
document.body.dataset.ready = 'true';
