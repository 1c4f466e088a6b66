import { build } from './build.mjs';

// npm start: build when the build is missing or stale, then run the server in this process
// (so Ctrl-C and SIGTERM reach its graceful shutdown directly).
build({ ifStale: true });
// A path the compiler does not follow: it exists only once the build has run.
const main = '../dist/node/server/main.js';
await import(main);
