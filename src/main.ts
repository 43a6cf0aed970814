// The entry point of the page, and the only module that may import src/ui (an ESLint rule enforces it).
import './ui/styles/index.css';
import { boot } from './ui';

const root = document.querySelector<HTMLElement>('#app');
if (!root) throw new Error('index.html has no <main id="app">');

// `?presenter=1`: the presenter view of a playground open in another window (it runs nothing itself).
if (new URLSearchParams(window.location.search).get('presenter') === '1')
  void import('./ui/presenter').then(({ bootPresenter }) => bootPresenter(root));
else
  void boot(root).then((app) => {
    // A handle for people poking around in the console, and for tests.
    (window as unknown as { playground: unknown }).playground = app;
  });
