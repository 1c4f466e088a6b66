import { createServer } from 'node:net';

// What every bench part needs to start a server of its own and know when it answers.

/**
 * A port nothing listens on now (127.0.0.1 only: the machine is shared).
 * @returns {Promise<number>}
 */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Waits until `url` answers 2xx; fails at once if `child` exits first. */
export async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The built app's environment as every bench part starts it: on `port` of 127.0.0.1, with its own
 * `dataDir`, logging errors only (as a production log level would; the fast paths of ADR 018 then
 * answer) and no map tiles (nothing leaves the machine). Parts add their own limits.
 */
export const builtAppEnvironment = (port, dataDir) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  MAP_TILE_URL: '',
  // No WAL archiving into the checkout's ./backups while benchmarking.
  BACKUP_DIR: '',
  // BENCH_METRICS=1: the Prometheus metrics on (a listener of their own), to measure their cost.
  ...(process.env.BENCH_METRICS ? { METRICS_PORT: '0' } : {}),
});
