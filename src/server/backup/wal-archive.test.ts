import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../db/client.ts';
import { startEmbeddedCluster, type EmbeddedCluster } from '../db/embedded-cluster.ts';
import { createShopMetrics } from '../metrics/shop-metrics.ts';
import { ARCHIVE_CONFLICT, archiveCommand, walFolder } from './backup-folders.ts';
import { takeBaseBackup } from './base-backup.ts';
import { listBackups } from './prune.ts';

// Issue 39: WAL archiving never stalls on a segment archived again (after a crash PostgreSQL may
// archive one a second time: the same bytes succeed), refuses loudly to change an archived one
// (other bytes: exit 1, a line in PostgreSQL's log, the metric), and syncs each copy to disk
// before it gets its final name.

// Folders PostgreSQL's own OS user (as root) can enter.
const root = mkdtempSync(join(tmpdir(), 'toolhouse-wal-archive-'));
chmodSync(root, 0o711);
const quiet = () => undefined;
const clusters: EmbeddedCluster[] = [];
const pools: (pg.Pool | Database['pool'])[] = [];

afterAll(async () => {
  for (const pool of pools) await pool.end().catch(quiet);
  for (const cluster of clusters) await cluster.stop().catch(quiet);
  if (!process.env.KEEP_TEST_FOLDERS) rmSync(root, { recursive: true, force: true });
});

const SEGMENT = '000000010000000000000007';

/** A cluster folder with one finished segment in pg_wal, and an archive folder. */
function scene(name: string, archiveName = 'wal') {
  const dataDir = join(root, name, 'pg');
  const wal = join(root, name, archiveName);
  mkdirSync(join(dataDir, 'pg_wal'), { recursive: true });
  mkdirSync(wal, { recursive: true });
  const bytes = randomBytes(64 * 1024);
  writeFileSync(join(dataDir, 'pg_wal', SEGMENT), bytes);
  return { dataDir, wal, bytes };
}

/** What PostgreSQL does with archive_command: %p, %f and %% replaced, run by /bin/sh in the cluster's folder. */
function archive(dataDir: string, wal: string, env: NodeJS.ProcessEnv = process.env) {
  const command = archiveCommand(wal).replace(/%[pf%]/g, (token) =>
    token === '%p' ? `pg_wal/${SEGMENT}` : token === '%f' ? SEGMENT : '%',
  );
  const run = spawnSync('/bin/sh', ['-c', command], { cwd: dataDir, env, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

describe('the archive command', () => {
  it('archives a segment, and the same segment again (same bytes) succeeds', () => {
    const { dataDir, wal, bytes } = scene('twice');
    expect(archive(dataDir, wal)).toEqual({ status: 0, stderr: '' });
    expect(readdirSync(wal)).toEqual([SEGMENT]);
    expect(readFileSync(join(wal, SEGMENT)).equals(bytes)).toBe(true);

    expect(archive(dataDir, wal)).toEqual({ status: 0, stderr: '' });
    expect(readdirSync(wal)).toEqual([SEGMENT]);
    expect(readFileSync(join(wal, SEGMENT)).equals(bytes)).toBe(true);
  });

  it('refuses to change an archived segment: exit 1, a line naming it, the archive kept', () => {
    const { dataDir, wal, bytes } = scene('other');
    expect(archive(dataDir, wal).status).toBe(0);
    writeFileSync(join(dataDir, 'pg_wal', SEGMENT), randomBytes(64 * 1024));

    const refused = archive(dataDir, wal);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(ARCHIVE_CONFLICT);
    expect(refused.stderr).toContain(`${join(wal, SEGMENT)} exists with other content`);
    expect(readFileSync(join(wal, SEGMENT)).equals(bytes)).toBe(true);
    expect(readdirSync(wal)).toEqual([SEGMENT]);
  });

  it('gives a copy its final name only once it is complete and synced to disk', () => {
    const { dataDir, wal, bytes } = scene('synced');
    // sync and mv as the command finds them on PATH, each noting what the folder holds when run.
    const bin = join(root, 'synced', 'bin');
    const notes = join(root, 'synced', 'notes');
    mkdirSync(bin);
    for (const tool of ['sync', 'mv']) {
      const real = spawnSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
      writeFileSync(
        join(bin, tool),
        `#!/bin/sh\nfinal=absent; test -e "$FINAL" && final=present\n` +
          `part=$(wc -c < "$FINAL.part" 2>/dev/null || echo none)\n` +
          `echo "${tool} $* final=$final part=$part" >> "$NOTES"\nexec ${real.stdout.trim()} "$@"\n`,
        { mode: 0o755 },
      );
    }
    const final = join(wal, SEGMENT);
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, FINAL: final, NOTES: notes };
    expect(archive(dataDir, wal, env).status).toBe(0);

    const size = String(bytes.length);
    expect(readFileSync(notes, 'utf8').trim().split('\n')).toEqual([
      `sync ${final}.part final=absent part=${size}`,
      `mv ${final}.part ${final} final=absent part=${size}`,
      `sync ${wal} final=present part=none`,
    ]);
    expect(readFileSync(final).equals(bytes)).toBe(true);
  });

  it('works in a folder whose name has a % (PostgreSQL would read it as %p or %f)', () => {
    const { dataDir, wal, bytes } = scene('percent', 'wal%p%f');
    expect(archive(dataDir, wal).status).toBe(0);
    expect(readFileSync(join(wal, SEGMENT)).equals(bytes)).toBe(true);
  });
});

/** Polls until `condition` holds (PostgreSQL's archiver works in the background). */
async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Archiver {
  archived: number;
  failed: number;
  lastArchived: string | null;
  lastFailed: string | null;
}

async function archiver(pool: pg.Pool): Promise<Archiver> {
  const { rows } = await pool.query<Archiver>(
    `SELECT archived_count::int AS archived, failed_count::int AS failed,
       last_archived_wal AS "lastArchived", last_failed_wal AS "lastFailed" FROM pg_stat_archiver`,
  );
  return rows[0]!;
}

/** The metrics as a scrape reads them (a registry of its own: no figures cached from before). */
async function scrape(database: Database): Promise<string> {
  return createShopMetrics({ database }).registry.metrics();
}

describe('the embedded cluster archiving', () => {
  it('archives a segment again after a crash, refuses other bytes loudly (log, metrics, a base backup fails), resumes once resolved', async () => {
    const dataDir = join(root, 'cluster');
    const backupDir = join(root, 'cluster-backups');
    const cluster = await startEmbeddedCluster({ dataDir, log: quiet, backupDir });
    clusters.push(cluster);
    const pool = new pg.Pool({ connectionString: cluster.urlFor('postgres'), max: 2 });
    pools.push(pool);
    const database = connectDatabase(cluster.urlFor('postgres'), { max: 2 });
    pools.push(database.pool);
    const wal = walFolder(backupDir);
    const switchWal = async () => {
      await pool.query('CREATE TABLE IF NOT EXISTS t (n int); INSERT INTO t VALUES (1)');
      const { rows } = await pool.query<{ file: string }>(
        'SELECT pg_walfile_name(pg_switch_wal()) AS file',
      );
      return rows[0]!.file;
    };

    // A segment archived, then marked as not archived, as a crash before PostgreSQL noted the
    // success leaves it: archived again, the same bytes, without a failure.
    const first = await switchWal();
    await until(async () => (await archiver(pool)).lastArchived === first, `${first} archived`);
    const before = await archiver(pool);
    const status = join(dataDir, 'pg', 'pg_wal', 'archive_status');
    renameSync(join(status, `${first}.done`), join(status, `${first}.ready`));
    const second = await switchWal();
    await until(
      async () => (await archiver(pool)).lastArchived === second,
      `${second} archived after ${first} again`,
    );
    const after = await archiver(pool);
    expect(after.failed).toBe(0);
    expect(after.archived).toBe(before.archived + 2);
    expect(
      readFileSync(join(wal, first)).equals(readFileSync(join(dataDir, 'pg', 'pg_wal', first))),
    ).toBe(true);
    expect(await scrape(database)).toMatch(/^toolhouse_wal_archive_failed_total 0$/m);
    expect(await scrape(database)).toMatch(/^toolhouse_wal_archive_failing 0$/m);

    // Other bytes under the next segment's name (another cluster archiving into the same
    // folder): refused, in PostgreSQL's log, in the metrics; archiving resumes once it is moved.
    const { rows } = await pool.query<{ file: string }>(
      'SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS file',
    );
    const next = rows[0]!.file;
    const foreign = join(wal, next);
    writeFileSync(foreign, 'foreign bytes', { mode: 0o644 });
    expect(await switchWal()).toBe(next);
    await until(async () => (await archiver(pool)).lastFailed === next, `${next} refused`);
    expect(existsSync(foreign) && readFileSync(foreign, 'utf8')).toBe('foreign bytes');
    const log = readFileSync(join(dataDir, 'postgres.log'), 'utf8');
    expect(log).toContain(`${ARCHIVE_CONFLICT} ${foreign} exists with other content`);
    const failing = await scrape(database);
    expect(failing).toMatch(/^toolhouse_wal_archive_failed_total [1-9]\d*$/m);
    expect(failing).toMatch(/^toolhouse_wal_archive_failing 1$/m);

    // A base backup needs its log archived: it says why it cannot be, instead of waiting forever.
    const backup = { url: cluster.urlFor('postgres'), dataDir, backupDir, keep: 7, log: quiet };
    await expect(takeBaseBackup(backup)).rejects.toThrow(
      new RegExp(`^WAL archiving is failing \\(\\d+ failed attempts, the last on ${next}\\)`),
    );
    expect(listBackups(backupDir)).toEqual([]);

    renameSync(foreign, join(root, 'moved-away'));
    const last = await switchWal();
    await until(async () => (await archiver(pool)).lastArchived === last, 'archiving to resume');
    expect(await scrape(database)).toMatch(/^toolhouse_wal_archive_failing 0$/m);
    await takeBaseBackup(backup);
    expect(listBackups(backupDir)).toHaveLength(1);
  }, 90_000);
});
