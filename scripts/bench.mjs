// Benchmarks of the built site in Chromium. `npm run bench` builds dist/ and .test-dist/ first.
console.log('bench: no benchmarks yet; nothing to measure.');
