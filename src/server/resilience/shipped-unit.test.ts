import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODE_NOTICE } from '../../shared/payment.ts';
import { STAFF_TWO_FACTOR_REQUIRED_MESSAGE } from '../../shared/permissions.ts';
import { PublicConfigSchema } from '../../shared/public-config.ts';
import { connectDatabase } from '../db/client.ts';
import { freePort } from '../free-port.ts';
import { makeAdmin } from '../modules/users/users.service.ts';
import { projectRoot } from '../paths.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import {
  callApi,
  removeDataDir,
  signUpOver,
  spawnApp,
  type SpawnedApp,
} from '../testing/spawn-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

// The shop deployed by the book (docs/deploy.md): the built server started exactly as
// deploy/toolhouse@.service starts it (its ExecStart in its WorkingDirectory, its Environment= and
// its EnvironmentFile, here deploy/toolhouse.env.example) is production: (a) no test card
// processor, (b) with PAYMENT_PROVIDER=test added, every page says "Test mode: no real payments",
// (c) a staff account without two-factor sign-in is refused on staff routes.

const UNIT = join(projectRoot, 'deploy', 'toolhouse@.service');
const ENV_EXAMPLE = join(projectRoot, 'deploy', 'toolhouse.env.example');

/** A systemd unit's directives, in order (KEY=VALUE lines outside comments and section headers). */
function directives(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('['))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

/** An environment file's variables, as systemd reads it (comments and blank lines skipped). */
function environmentFile(text: string): Record<string, string> {
  return Object.fromEntries(directives(text));
}

/** How the unit starts instance `port`: node's arguments and the environment systemd gives it. */
function startOfUnit(port: number): { args: string[]; env: Record<string, string> } {
  const unit = directives(readFileSync(UNIT, 'utf8').replaceAll('%i', String(port)));
  const values = (key: string) => unit.filter(([k]) => k === key).map(([, v]) => v);
  const [execStart = ''] = values('ExecStart');
  const [binary = '', ...args] = execStart.split(/\s+/);
  // The unit runs node on the built server; this test runs the same node as itself.
  expect(basename(binary)).toBe('node');
  expect(values('WorkingDirectory')).toEqual(['/opt/toolhouse']); // this checkout here
  // The environment file the unit reads is the one the example is for.
  expect(values('EnvironmentFile')).toEqual(['/etc/toolhouse/toolhouse.env']);
  expect(readFileSync(ENV_EXAMPLE, 'utf8')).toMatch(/^# \/etc\/toolhouse\/toolhouse\.env:/);
  // systemd: Environment= first, the EnvironmentFile's variables override them.
  const env: Record<string, string> = {
    ...Object.fromEntries(values('Environment').map((assignment) => assignment.split(/=(.*)/s))),
    ...environmentFile(readFileSync(ENV_EXAMPLE, 'utf8')),
  };
  return { args, env };
}

let testDatabase: TestDatabase;
let production: SpawnedApp | undefined;
let testMode: SpawnedApp | undefined;
let unitEnv: Record<string, string>;

/** The unit's start, with what only a real site has replaced (see below). */
async function startAsTheUnitDoes(extra: Record<string, string> = {}): Promise<SpawnedApp> {
  const { args, env } = startOfUnit(await freePort());
  unitEnv = env;
  // The example's placeholders for the site's own values: its database (PgBouncer there, the test
  // cluster here), no SMTP server (mail goes to DATA_DIR/outbox) and no AUTH_SECRET (the first
  // instance generates one). DATA_DIR is a temporary folder (spawnApp). No Stripe keys.
  const site: Record<string, string> = { ...env, DATABASE_URL: testDatabase.url, ...extra };
  delete site.SMTP_URL;
  delete site.AUTH_SECRET;
  return spawnApp({ exactly: { args, env: site } });
}

beforeAll(async () => {
  // The unit starts the build: build it when the sources changed since the last build.
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  testDatabase = await createTestDatabase();
  production = await startAsTheUnitDoes();
  testMode = await startAsTheUnitDoes({ PAYMENT_PROVIDER: 'test' });
}, 900_000);

afterAll(async () => {
  for (const app of [production, testMode]) {
    await app?.stop('SIGKILL');
    if (app) await removeDataDir(app.dataDir);
  }
  await testDatabase?.drop();
});

/** Requests as a browser on the shop's public address sends them (through nginx). */
const fromShop = () => ({ origin: unitEnv.PUBLIC_URL ?? '' });

describe('the built server started as deploy/toolhouse@.service starts it', () => {
  it('runs with NODE_ENV=production and a public PUBLIC_URL', () => {
    expect(unitEnv.NODE_ENV).toBe('production');
    expect(unitEnv.PUBLIC_URL).toBe('https://shop.example.com');
    expect(Object.keys(unitEnv).filter((key) => key.startsWith('STRIPE_'))).toEqual([]);
    // What the process itself was given (Linux: its environ).
    const environ = readFileSync(`/proc/${production?.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('NODE_ENV=production');
  });

  it('(a) refuses the test card processor: no provider, no test-processor route', async () => {
    const url = production?.url ?? '';
    const config = PublicConfigSchema.parse((await callApi(url, '/api/config')).json);
    expect(config.payments).toEqual({ provider: 'none' });
    expect(config.testModeNotice).toBe(false);
    const confirm = await callApi(url, '/api/test-processor/confirm', {
      body: {},
      headers: fromShop(),
    });
    expect(confirm.status).toBe(404);
    const home = await callApi(url, '/');
    expect(home.status).toBe(200);
    expect(home.text).not.toContain(TEST_MODE_NOTICE);
  });

  it('(b) with PAYMENT_PROVIDER=test, every page says "Test mode: no real payments"', async () => {
    const url = testMode?.url ?? '';
    const config = PublicConfigSchema.parse((await callApi(url, '/api/config')).json);
    expect(config).toMatchObject({ payments: { provider: 'test' }, testModeNotice: true });
    for (const path of ['/', '/allProducts', '/login', '/dashboard/myOrders', '/no/such/page']) {
      const page = await callApi(url, path);
      expect(page.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(page.text, path).toMatch(
        new RegExp(`<body[^>]*><div role="status" class="test-mode-banner">${TEST_MODE_NOTICE}<`),
      );
    }
  });

  it('(c) refuses a staff account without two-factor sign-in on staff routes', async () => {
    const url = production?.url ?? '';
    const email = uniqueEmail('admin');
    const token = await signUpOver(url, email, fromShop());
    const direct = connectDatabase(testDatabase.url, { max: 1 });
    try {
      await makeAdmin(direct.db, email);
    } finally {
      await direct.pool.end();
    }
    // Signed in (its own orders answer), but the staff route refuses it until it enrols.
    const mine = `/api/purchase?customerEmail=${encodeURIComponent(email)}`;
    const own = await callApi(url, mine, { token, headers: fromShop() });
    expect(own.status, own.text).toBe(200);
    const staff = await callApi(url, '/api/purchase1', { token, headers: fromShop() });
    expect(staff.status, staff.text).toBe(403);
    expect(staff.json).toMatchObject({ message: STAFF_TWO_FACTOR_REQUIRED_MESSAGE });
  });
});
