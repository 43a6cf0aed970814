// The playground as the interface will compose it with a real model, for tests/browser/model.spec.ts: the
// app booted as src/main.ts boots it, plus the model's settings dialog (opened by a "Model…" button, as the
// More menu will) and the run's panel. With `?sandbox=1`, a plugin in the real sandbox records every input
// it is given, as a visitor's plugin in the lab would be given them.
import '../../../src/ui/styles/index.css';
import { ModelSettingsStore } from '../../../src/storage';
import type { SandboxCall } from '../../../src/sandbox';
import type { App } from '../../../src/ui/app';
import { boot } from '../../../src/ui/boot';
import { openModelDialog } from '../../../src/ui/model-dialog';
import { ModelRun } from '../../../src/ui/model-run';

declare global {
  interface Window {
    __model?: {
      app: App;
      run: ModelRun;
      settings: ModelSettingsStore;
      /** Every call the sandboxed recorder plugin got, with its input and its console output. */
      sandboxCalls: SandboxCall[];
    };
  }
}

const RECORDER = `
export const name = 'recorder';
export function preExecute(input) { console.log(JSON.stringify(input)); return { verdict: 'allow' }; }
export function postExecute(input) { console.log(JSON.stringify(input)); return { action: 'pass' }; }
export function observed(event) { console.log(JSON.stringify(event)); }
`;

const params = new URLSearchParams(location.search);
const app = await boot(document.getElementById('app')!);
const settings = new ModelSettingsStore({ prefs: localStorage, tab: sessionStorage });
const number = (name: string) => (params.has(name) ? Number(params.get(name)) : undefined);
const run = new ModelRun({
  pg: () => app.pg,
  store: app.store,
  configure: () => void configure(),
  ...(number('idle') ? { idleMs: number('idle')! } : {}),
  ...(number('turns') ? { maxTurns: number('turns')! } : {}),
});
document.getElementById('model-slot')!.append(run.el);

async function configure(): Promise<void> {
  const chosen = await openModelDialog({ settings });
  if (!chosen) return;
  run.use(chosen);
  await run.start(chosen);
}
document.querySelector('[data-action="model-test"]')!.addEventListener('click', () => void configure());

const sandboxCalls: SandboxCall[] = [];
if (params.has('sandbox')) {
  const { Sandbox, sandboxPlugin } = await import('../../../src/sandbox');
  const sandbox = await Sandbox.create();
  const loaded = await sandbox.load(RECORDER);
  if (!loaded.ok) throw new Error(`the recorder did not load: ${loaded.error.message}`);
  app.pg.useVisitor({
    plugins: [sandboxPlugin(sandbox, loaded, { onCall: (call) => sandboxCalls.push(call) })],
    tools: [],
  });
}
window.__model = { app, run, settings, sandboxCalls };
document.body.dataset.modelReady = 'true';
