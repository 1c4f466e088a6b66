import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

// npm start: build when the build is missing or stale, then run the server in this process
// (so Ctrl-C and SIGTERM reach its graceful shutdown directly), and the outbox worker beside it
// in a process of its own (ADR 048): the mails and webhooks never take the requests' event loop.
// OUTBOX_WORKER=app keeps the worker in the server's process instead (one process, as before).
build({ ifStale: true });

if ((process.env.OUTBOX_WORKER ?? 'separate') === 'separate') {
  process.env.OUTBOX_WORKER = 'separate';
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  let stopping = false;
  let worker;
  const startWorker = () => {
    worker = spawn(process.execPath, [join(root, 'dist/node/server/outbox-worker.js')], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      // A worker that stops on its own (its database restarted, say) is started again.
      console.error(`The outbox worker stopped (${signal ?? code}); starting it again in 2 s`);
      setTimeout(startWorker, 2_000).unref();
    });
  };
  startWorker();
  // The server exits after its graceful shutdown: the worker then finishes its jobs in flight.
  process.on('exit', () => {
    stopping = true;
    worker.kill('SIGTERM');
  });
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stopping = true;
    });
}

// A path the compiler does not follow: it exists only once the build has run.
const main = '../dist/node/server/main.js';
await import(main);
