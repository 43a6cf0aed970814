import type { App } from './app';

/** The commands that drive a run, which an embed's host and a presenter view both send. */
export type RunCommand = 'play' | 'pause' | 'step' | 'back' | 'reset' | 'reveal' | 'external';

/** Does what a run command says to `app`; a command that starts work does not wait for it to end. */
export function runCommand(app: App, command: RunCommand): void {
  switch (command) {
    case 'play':
      return void app.play();
    case 'pause':
      return app.pause();
    case 'step':
      return void app.step();
    case 'back':
      return void app.back();
    case 'reset':
      return void app.reset();
    case 'reveal':
      return void app.reveal();
    case 'external':
      return void app.externalEdit();
  }
}
