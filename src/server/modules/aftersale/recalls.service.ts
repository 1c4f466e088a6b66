import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RECALL_NOT_FOUND_MESSAGE,
  type Recall,
  type RecallBodySchema,
} from '../../../shared/aftersale.ts';
import type { Db } from '../../db/client.ts';
import { product, purchase, recall, recallNotice, warrantyRegistration } from '../../db/schema.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/caller.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { isId } from '../purchases/purchases.service.ts';
import { enqueueSql } from '../outbox/enqueue.ts';
import { aftersaleMailJob } from './aftersale-mails.ts';

/*
 * Safety recalls (issue 25). Creating one and choosing its recipients is ONE transaction: the
 * recall row, one `recall_notice` per customer with a matching paid order (primary key
 * (recall, customer)), and one outbox mail per notice written (dedupe key per recall and
 * customer). So every matching customer is mailed exactly once, whatever the number of instances,
 * and a crash before the commit mails nobody.
 */

const PRODUCT_MISSING_MESSAGE = 'Product not found';

/**
 * The orders a recall covers: its product, paid (not cancelled or expired) in its date range and,
 * when it has a serial range, with a registered serial in it. SQL over `purchase` and `recall`.
 */
export const recallCovers = sql`(
  ${purchase.productId} = ${recall.productId}
  AND ${purchase.paid} AND ${purchase.status} IN ('pending', 'shipped')
  AND ${purchase.paidAt} >= ${recall.paidFrom} AND ${purchase.paidAt} < ${recall.paidUntil}
  AND (
    (${recall.serialFrom} IS NULL AND ${recall.serialTo} IS NULL)
    OR EXISTS (
      SELECT 1 FROM ${warrantyRegistration}
      WHERE ${warrantyRegistration.purchaseId} = ${purchase.id}
        AND (${recall.serialFrom} IS NULL OR ${warrantyRegistration.serial} >= ${recall.serialFrom})
        AND (${recall.serialTo} IS NULL OR ${warrantyRegistration.serial} <= ${recall.serialTo})
    )
  )
)`;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** POST /api/recalls (admins): the recall, its recipients and their mails, at once. */
export async function createRecall(
  db: Db,
  admin: AuthUser,
  input: z.output<typeof RecallBodySchema>,
): Promise<Recall> {
  if (!isId(input.productId))
    throw new Invalid(PRODUCT_MISSING_MESSAGE, { productId: PRODUCT_MISSING_MESSAGE });
  const id = await db.transaction(async (tx) => {
    const [recalled] = await tx
      .select({ id: product.id, name: product.name })
      .from(product)
      .where(eq(product.id, input.productId));
    if (!recalled)
      throw new Invalid(PRODUCT_MISSING_MESSAGE, { productId: PRODUCT_MISSING_MESSAGE });
    const [made] = await tx
      .insert(recall)
      .values({
        productId: recalled.id,
        productName: recalled.name,
        paidFrom: sql`${input.paidFrom}::date::timestamp AT TIME ZONE 'UTC'`,
        paidUntil: sql`(${input.paidTo}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
        serialFrom: input.serialFrom || null,
        serialTo: input.serialTo || null,
        title: input.title,
        hazard: input.hazard,
        remedy: input.remedy,
        withdrawn: input.withdraw,
        actorEmail: admin.email,
      })
      .returning({ id: recall.id });
    if (!made) throw new Error('recall insert returned nothing');
    await tx.execute(sql`
      WITH notices AS (
        INSERT INTO ${recallNotice} (recall_id, user_id)
        SELECT DISTINCT ${recall.id}, ${purchase.userId}
        FROM ${recall} JOIN ${purchase} ON ${recallCovers}
        WHERE ${recall.id} = ${made.id}
        ON CONFLICT DO NOTHING
        RETURNING recall_id, user_id
      )
      ${enqueueSql(aftersaleMailJob, {
        key: sql`'recall:' || recall_id || ':' || user_id`,
        from: sql`notices`,
        payload: { template: sql`'recall'`, recallId: sql`recall_id`, userId: sql`user_id` },
      })}`);
    // Withdrawn from sale: nothing left to buy (the catalogue shows it sold out).
    if (input.withdraw)
      await tx
        .update(product)
        .set({ availableQuantity: 0, updatedAt: sql`now()` })
        .where(eq(product.id, recalled.id));
    await recordAudit(tx, admin, {
      action: 'recall.create',
      targetType: 'recall',
      targetId: made.id,
      after: input,
    });
    return made.id;
  });
  const [created] = await listRecalls(db, id);
  if (!created) throw new Error(`recall ${id} vanished`);
  return created;
}

/** GET /api/recalls (admins): newest first, with how many customers were told and have read it. */
export async function listRecalls(db: Db, onlyId?: string): Promise<Recall[]> {
  const rows = await db
    .select({
      recall,
      notified: sql<number>`(SELECT count(*)::int FROM ${recallNotice} WHERE ${recallNotice.recallId} = ${recall.id})`,
      acknowledged: sql<number>`(SELECT count(*)::int FROM ${recallNotice} WHERE ${recallNotice.recallId} = ${recall.id} AND ${recallNotice.acknowledgedAt} IS NOT NULL)`,
      paidTo: sql<string>`((${recall.paidUntil} AT TIME ZONE 'UTC')::date - 1)::text`,
    })
    .from(recall)
    .where(onlyId ? eq(recall.id, onlyId) : undefined)
    .orderBy(desc(recall.createdAt), desc(recall.id));
  return rows.map(({ recall: r, notified, acknowledged, paidTo }) => ({
    _id: r.id,
    productId: r.productId,
    product: r.productName,
    paidFrom: day(r.paidFrom),
    paidTo,
    serialFrom: r.serialFrom,
    serialTo: r.serialTo,
    title: r.title,
    hazard: r.hazard,
    remedy: r.remedy,
    withdrawn: r.withdrawn,
    createdAt: r.createdAt.toISOString(),
    notified,
    acknowledged,
  }));
}

/** POST /api/recalls/{id}/acknowledge: the customer has read it (the first time counts). */
export async function acknowledgeRecall(db: Db, caller: AuthUser, id: string): Promise<void> {
  if (!isId(id)) throw new NotFound(RECALL_NOT_FOUND_MESSAGE);
  const mine = and(eq(recallNotice.recallId, id), eq(recallNotice.userId, caller.id));
  const [read] = await db
    .update(recallNotice)
    .set({ acknowledgedAt: sql`now()` })
    .where(and(mine, isNull(recallNotice.acknowledgedAt)))
    .returning({ id: recallNotice.recallId });
  if (read) return;
  const [notice] = await db.select({ id: recallNotice.recallId }).from(recallNotice).where(mine);
  if (!notice) throw new NotFound(RECALL_NOT_FOUND_MESSAGE);
}
