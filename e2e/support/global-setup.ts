import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { OIDC_CLIENT, startOidcProvider } from '../../src/server/testing/oidc-provider.ts';

// Starts a local OpenID provider, then the built shop on a fresh DATA_DIR (its own embedded
// PostgreSQL, seeded) wired to it; afterwards stops both and removes the data.
// `npm run test:e2e` builds first.

const READY_TIMEOUT_MS = 120_000;

export default async function globalSetup() {
  const port = process.env.E2E_PORT;
  const oidcPort = process.env.E2E_OIDC_PORT;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!port || !oidcPort || !dataDir)
    throw new Error('playwright.config.ts sets E2E_PORT, E2E_OIDC_PORT and E2E_DATA_DIR');
  const shopUrl = `http://127.0.0.1:${port}`;
  const oidc = await startOidcProvider(Number(oidcPort), shopUrl);

  const server = spawn(process.execPath, ['dist/node/server/main.js'], {
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: shopUrl,
      DATA_DIR: dataDir,
      BACKUP_DIR: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      FORM_RATE_LIMIT_PER_HOUR: '1000',
      ORDER_RATE_LIMIT_PER_HOUR: '1000',
      MAX_UNPAID_ORDERS: '1000',
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_NAME: OIDC_CLIENT.name,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  server.on('exit', () => (exited = true));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) throw new Error('The shop exited during start-up');
    try {
      const res = await fetch(`${shopUrl}/api/health`);
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
    await oidc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
