import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { connectDatabase, type Db } from '../db/client.ts';
import { EMBEDDED_DATABASE } from '../db/database.ts';
import {
  ensureDatabase,
  startEmbeddedCluster,
  type EmbeddedCluster,
} from '../db/embedded-cluster.ts';
import { prepareDatabase } from '../db/migrate.ts';
import { purchase, variant } from '../db/schema.ts';
import { createProduct } from '../testing/factories.ts';
import { user } from '../db/auth-schema.ts';
import { placePurchase } from '../modules/purchases/purchases.service.ts';
import { takeBaseBackup } from './base-backup.ts';
import { walFolder } from './backup-folders.ts';
import { listBackups, pruneBackups } from './prune.ts';
import { restoreBackup } from './restore.ts';
import { testPricer } from '../testing/pricing.ts';

const STOCK = 50;
// Folders PostgreSQL's own OS user (as root) can enter.
const root = mkdtempSync(join(tmpdir(), 'toolhouse-backup-'));
chmodSync(root, 0o711);
const dataDir = join(root, 'data');
const backupDir = join(root, 'backups');
const restoredDir = join(root, 'restored');
const quiet = () => undefined;
const clusters: EmbeddedCluster[] = [];
const pools: pg.Pool[] = [];

afterAll(async () => {
  for (const pool of pools) await pool.end().catch(quiet);
  for (const cluster of clusters) await cluster.stop().catch(quiet);
  if (!process.env.KEEP_TEST_FOLDERS) rmSync(root, { recursive: true, force: true });
});

async function openShop(dir: string, archive: boolean) {
  const cluster = await startEmbeddedCluster({
    dataDir: dir,
    log: quiet,
    backupDir: archive ? backupDir : null,
  });
  clusters.push(cluster);
  await ensureDatabase(cluster, EMBEDDED_DATABASE);
  const { db, pool } = connectDatabase(cluster.urlFor(EMBEDDED_DATABASE), { max: 4 });
  pools.push(pool);
  return { cluster, db, pool };
}

/** Every segment up to now archived (as archive_timeout does within a minute). */
async function archiveNow(pool: pg.Pool) {
  const { rows } = await pool.query<{ file: string }>(
    'SELECT pg_walfile_name(pg_switch_wal()) AS file',
  );
  const file = rows[0]?.file ?? '';
  for (let i = 0; i < 200; i += 1) {
    const { rows: done } = await pool.query<{ last: string | null }>(
      'SELECT last_archived_wal AS last FROM pg_stat_archiver',
    );
    if ((done[0]?.last ?? '') >= file) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`segment ${file} was not archived`);
}

describe('backup and point-in-time restore of the embedded cluster', () => {
  it('restores to T exactly the orders acknowledged before T, stock consistent', async () => {
    const shop = await openShop(dataDir, true);
    const migrations = new pg.Pool({
      connectionString: shop.cluster.urlFor(EMBEDDED_DATABASE),
      max: 1,
    });
    await prepareDatabase(migrations, quiet);
    await migrations.end();
    const config = loadConfig({ ORDER_RATE_LIMIT_PER_HOUR: '0', MAX_UNPAID_ORDERS: '1000' });
    const [buyer] = await shop.db
      .insert(user)
      .values({ id: 'backup-buyer', name: 'Bo Backup', email: 'bo@example.com' })
      .returning();
    const products = [
      await createProduct(shop.db, { name: 'Drill', priceCents: 10_000, availableQuantity: STOCK }),
      await createProduct(shop.db, { name: 'Saw', priceCents: 10_000, availableQuantity: STOCK }),
    ];
    const order = async (db: Db, n: number) => {
      const placed = await placePurchase(
        db,
        testPricer({ db, pool: db.$client }),
        { ...buyer!, role: 'user', sessionToken: 'x' },
        {
          productId: products[n % 2]!.id,
          orderQuantity: n + 1,
          address: '1 Backup Road',
          phone: '',
        },
        { clientIp: '127.0.0.1', holdHours: 24, limits: config },
      );
      return placed._id;
    };

    const before = [await order(shop.db, 0), await order(shop.db, 1)];
    const { info } = await takeBaseBackup({
      url: shop.cluster.urlFor('postgres'),
      dataDir,
      backupDir,
      keep: 7,
      log: quiet,
    });
    expect(info.startWalFile).toMatch(/^[0-9A-F]{24}$/);
    before.push(await order(shop.db, 2), await order(shop.db, 3));
    // T is a millisecond and commit times are microseconds: an order acknowledged within the same
    // millisecond as T would carry a commit time after it. T is taken a little after the last.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const t = new Date();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const after = [await order(shop.db, 4), await order(shop.db, 5)];
    await archiveNow(shop.pool);
    expect(readdirSync(walFolder(backupDir)).length).toBeGreaterThan(0);

    // A restore never goes over data, the running shop's least of all.
    await expect(restoreBackup({ backupDir, dataDir, target: t, log: quiet })).rejects.toThrow(
      /not empty/,
    );
    await restoreBackup({ backupDir, dataDir: restoredDir, target: t, log: quiet });

    const restored = await openShop(restoredDir, false);
    const kept = await restored.db.select({ id: purchase.id }).from(purchase);
    expect(kept.map((row) => row.id).sort()).toEqual([...before].sort());
    expect(
      await restored.db
        .select({ id: purchase.id })
        .from(purchase)
        .where(inArray(purchase.id, after)),
    ).toEqual([]);
    for (const { id } of products) {
      const [stock] = await restored.db
        .select({ available: variant.availableQuantity })
        .from(variant)
        .where(eq(variant.productId, id));
      const held = await restored.db
        .select({ quantity: purchase.quantity })
        .from(purchase)
        .where(eq(purchase.productId, id));
      expect(stock!.available + held.reduce((sum, row) => sum + row.quantity, 0)).toBe(STOCK);
    }
    // The restored shop takes orders again (a new timeline, promoted out of recovery), and the
    // new timeline's history is archived for the next restore.
    expect(await order(restored.db, 6)).toMatch(/^[0-9a-f-]{36}$/);
    expect(readdirSync(walFolder(backupDir))).toContain('00000002.history');
  });

  it('prunes base backups beyond BACKUP_KEEP and the log only they needed', () => {
    const backups = listBackups(backupDir);
    expect(backups.length).toBe(1);
    expect(pruneBackups(backupDir, 1, quiet)).toEqual({ backups: 0, segments: 0 });
  });
});
