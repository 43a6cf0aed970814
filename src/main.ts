// The entry point of the page, and the only module that may import src/ui (an ESLint rule enforces it).
import './ui/styles/index.css';
import { paintFirstView } from './ui/first-view';

const root = document.querySelector<HTMLElement>('#app');
if (!root) throw new Error('index.html has no <main id="app">');
const params = new URLSearchParams(window.location.search);

// `?presenter=1`: the presenter view of a playground open in another window (it runs nothing itself).
if (params.get('presenter') === '1')
  void import('./ui/presenter').then(({ bootPresenter }) => bootPresenter(root));
else {
  // The engine starts loading at once; the first view is painted while it does. An embed keeps the
  // loading line: its host may hold it (`hold=1`) or theme it.
  const engine = import('./ui');
  if (params.get('embed') !== '1') paintFirstView(root, window.location.search);
  void engine
    .then(({ boot }) => boot(root))
    .then((app) => {
      // A handle for people poking around in the console, and for tests.
      (window as unknown as { playground: unknown }).playground = app;
    });
}
