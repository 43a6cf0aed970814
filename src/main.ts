// The entry point of the page, and the only module that may import src/ui (an ESLint rule enforces it).

const app = document.querySelector<HTMLElement>('#app');
if (!app) throw new Error('index.html has no <main id="app">');

// Tells tests and people that the module script loaded, which proves the relative base resolved.
app.dataset.ready = 'true';
