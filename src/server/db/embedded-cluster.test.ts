import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedCluster } from './embedded-cluster.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('embedded cluster', () => {
  it('refuses a second process on a DATA_DIR in use, and starts again after a kill -9, data intact', async () => {
    const childScript = join(import.meta.dirname, '..', 'testing', 'cluster-child.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => output.includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
    });

    await expect(startEmbeddedCluster({ dataDir, log: () => undefined })).rejects.toThrow(
      /Another Toolhouse process/,
    );

    const postmasterPid = Number(
      readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(isAlive(postmasterPid)).toBe(true); // the crash left PostgreSQL running

    const messages: string[] = [];
    const cluster = await startEmbeddedCluster({ dataDir, log: (m) => messages.push(m) });
    try {
      expect(messages.join('\n')).toContain('leftover PostgreSQL');
      expect(isAlive(postmasterPid)).toBe(false);
      const client = new pg.Client({ connectionString: cluster.urlFor('crash') });
      await client.connect();
      const { rows } = await client.query('SELECT id FROM acknowledged ORDER BY id');
      await client.end();
      expect(rows.map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
    } finally {
      await cluster.stop();
    }
  });
});
