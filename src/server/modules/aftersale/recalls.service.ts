import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RECALL_NOT_FOUND_MESSAGE,
  RECALL_NOTHING_TO_LIFT_MESSAGE,
  type Recall,
  type RecallBodySchema,
} from '../../../shared/aftersale.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { WRONG_PRODUCT_SKU_MESSAGE } from '../../../shared/purchase.ts';
import { unknownSkuMessage, variantDisplayName } from '../../../shared/variant.ts';
import {
  product,
  purchase,
  recall,
  recallNotice,
  variant,
  warrantyRegistration,
} from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { releaseStockAlertsOf } from '../back-in-stock/index.ts';
import { isId } from '../purchases/index.ts';
import { enqueueSql } from '../outbox/index.ts';
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
 * The orders a recall covers: its product (issue 34: or, for a recall by SKU, that variant as
 * sold: the order's variant or SKU, or a kit whose stock it took), paid (not cancelled or expired)
 * in its date range and, when it has a serial range, with a registered serial in it. SQL over
 * `purchase` and `recall`.
 */
export const recallCovers = sql`(
  (
    (${recall.sku} IS NULL AND ${purchase.productId} = ${recall.productId})
    OR (${recall.sku} IS NOT NULL AND (
      ${purchase.variantId} = ${recall.variantId}
      OR (${purchase.productId} = ${recall.productId} AND lower(${purchase.sku}) = lower(${recall.sku}))
      OR ${purchase.stockTaken} @> jsonb_build_array(jsonb_build_object('variantId', ${recall.variantId}))
    ))
  )
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

/** The variant a recall by SKU names (any case): the product's, else 400 naming the field. */
async function recalledVariant(tx: Queryable, productId: string, sku: string) {
  const [found] = await tx
    .select({
      id: variant.id,
      productId: variant.productId,
      sku: variant.sku,
      label: variant.label,
    })
    .from(variant)
    .where(eq(sql`lower(${variant.sku})`, sku.toLowerCase()));
  if (!found) throw new Invalid(unknownSkuMessage(sku), { sku: unknownSkuMessage(sku) });
  if (found.productId !== productId)
    throw new Invalid(WRONG_PRODUCT_SKU_MESSAGE, { sku: WRONG_PRODUCT_SKU_MESSAGE });
  return found;
}

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
    // Issue 34: a recall by SKU is of that variant only; it must be the product's.
    const one =
      input.sku === undefined ? undefined : await recalledVariant(tx, recalled.id, input.sku);
    const [made] = await tx
      .insert(recall)
      .values({
        productId: recalled.id,
        productName: one ? variantDisplayName(recalled.name, one.label) : recalled.name,
        variantId: one?.id ?? null,
        sku: one?.sku ?? null,
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
    // Withdrawn from sale until an admin lifts it (issue 39): its stock is still counted, but
    // nothing sells it or puts it back on sale (stock/for-sale.ts).
    // A recall by SKU withdraws that variant only (a kit holding it follows: variant_offer).
    if (input.withdraw)
      await tx
        .update(variant)
        .set({ withdrawn: true, updatedAt: sql`now()` })
        .where(one ? eq(variant.id, one.id) : eq(variant.productId, recalled.id));
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
    sku: r.sku,
    paidFrom: day(r.paidFrom),
    paidTo,
    serialFrom: r.serialFrom,
    serialTo: r.serialTo,
    title: r.title,
    hazard: r.hazard,
    remedy: r.remedy,
    withdrawn: r.withdrawn,
    liftedAt: r.liftedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    notified,
    acknowledged,
  }));
}

/**
 * POST /api/recalls/{id}/lift (admins, issue 39): the recall's withdrawal ends. The product goes
 * back on sale unless another recall still withdraws it, and then, when its stock is at least its
 * minimum, every back-in-stock subscriber is mailed, in the same transaction. The product row is
 * locked first, so two lifts of recalls of one product run one after the other and the second
 * sees the first (the product is never left withdrawn by recalls all lifted). 409 when the recall
 * withdrew nothing or was lifted already.
 */
export async function liftRecall(db: Db, admin: AuthUser, id: string): Promise<Recall> {
  if (!isId(id)) throw new NotFound(RECALL_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ productId: recall.productId })
      .from(recall)
      .where(eq(recall.id, id));
    // Every variant of the product is locked first (whether the recall is the product's or one
    // SKU's), so lifts of any recalls of one product run one after the other.
    if (!found) throw new NotFound(RECALL_NOT_FOUND_MESSAGE);
    if (found.productId)
      await tx
        .select({ id: variant.id })
        .from(variant)
        .where(eq(variant.productId, found.productId))
        .orderBy(variant.id)
        .for('no key update');
    const [lifted] = await tx
      .update(recall)
      .set({ liftedAt: sql`now()`, liftedBy: admin.email })
      .where(and(eq(recall.id, id), eq(recall.withdrawn, true), isNull(recall.liftedAt)))
      .returning({ productId: recall.productId, variantId: recall.variantId, sku: recall.sku });
    if (!lifted) throw new Conflict(RECALL_NOTHING_TO_LIFT_MESSAGE);
    if (lifted.productId) {
      // What this recall withdrew (its variant, or all the product's) goes back on sale unless
      // another open recall still holds it: one of the whole product, or one of that variant.
      const stillWithdrawn = sql`EXISTS (SELECT 1 FROM ${recall} AS other
        WHERE other.product_id = ${variant.productId} AND other.withdrawn
          AND other.lifted_at IS NULL
          AND (other.sku IS NULL OR other.variant_id = ${variant.id}))`;
      if (lifted.sku === null || lifted.variantId !== null)
        await tx
          .update(variant)
          .set({ withdrawn: stillWithdrawn, updatedAt: sql`now()` })
          .where(
            lifted.sku === null
              ? eq(variant.productId, lifted.productId)
              : eq(variant.id, lifted.variantId as string),
          );
      // Back on sale with stock: its subscribers are mailed with the lift, or not at all.
      await releaseStockAlertsOf(tx, [lifted.productId]);
    }
    await recordAudit(tx, admin, {
      action: 'recall.lift',
      targetType: 'recall',
      targetId: id,
      after: { productId: lifted.productId, sku: lifted.sku },
    });
  });
  const [after] = await listRecalls(db, id);
  if (!after) throw new Error(`recall ${id} vanished`);
  return after;
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
