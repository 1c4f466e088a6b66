import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Starts the built shop on a fresh DATA_DIR (its own embedded PostgreSQL, seeded), and stops it
// and removes the data afterwards. `npm run test:e2e` builds first.

const READY_TIMEOUT_MS = 120_000;

export default async function globalSetup() {
  const port = process.env.E2E_PORT!;
  const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-e2e-'));
  const server = spawn(process.execPath, ['dist/node/server/main.js'], {
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  server.on('exit', () => (exited = true));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) throw new Error('The shop exited during start-up');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The shop did not become healthy in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return async () => {
    if (!exited) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
