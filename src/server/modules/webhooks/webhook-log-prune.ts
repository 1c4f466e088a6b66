import type { Db } from '../../db/client.ts';

/** Rows deleted per statement: short transactions, no long lock on the log the screen reads. */
export const WEBHOOK_LOG_PRUNE_BATCH = 1_000;

/**
 * Deletes the webhook delivery log's rows older than `days` (WEBHOOK_LOG_DAYS), `batchSize` rows
 * per statement, until none is left or `stopping()` says the app closes. Ids grow with time, so
 * each batch walks the primary key from its oldest end and stops at `batchSize` matches: no index
 * of its own, and every instance may run it at once (a row deleted twice is deleted once).
 * Returns how many rows it deleted.
 */
export async function pruneWebhookDeliveries(
  db: Db,
  days: number,
  {
    batchSize = WEBHOOK_LOG_PRUNE_BATCH,
    stopping = () => false,
  }: { batchSize?: number; stopping?: () => boolean } = {},
): Promise<number> {
  let pruned = 0;
  for (;;) {
    const { rowCount } = await db.$client.query(
      `DELETE FROM webhook_delivery WHERE id IN (
         SELECT id FROM webhook_delivery WHERE created_at < now() - $1 * interval '1 day'
         ORDER BY id LIMIT $2)`,
      [days, batchSize],
    );
    pruned += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize || stopping()) return pruned;
  }
}
