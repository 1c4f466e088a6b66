import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { purchase } from '../db/schema.ts';
import { ACTIVE_STATUSES } from '../modules/purchases/purchase-lifecycle.ts';
import { stockOf } from './factories.ts';

// What must hold in the database after orders raced, crashed or lost their answers: checked the
// same way whichever process setup (restart, several instances, the deployment topology) got there.

/** 50 buyers raced for the last 10: exactly 10 sold (201), 40 refused (409), none left. */
export async function expectTenSoldFortyRefused(
  db: Db,
  productId: string,
  statuses: number[],
): Promise<void> {
  expect(statuses.filter((s) => s === 201)).toHaveLength(10);
  expect(statuses.filter((s) => s === 409)).toHaveLength(40);
  expect(await stockOf(db, productId)).toMatchObject({ available: 0 });
  const [orders] = await db
    .select({ n: count() })
    .from(purchase)
    .where(eq(purchase.productId, productId));
  expect(orders?.n).toBe(10);
}

/**
 * Every acknowledged order is stored exactly once; at most `unacknowledged` more (orders whose
 * answer was lost) were committed; and for each product, stock + held = its starting stock.
 */
export async function expectOrdersKeptOnce(
  db: Db,
  {
    productIds,
    acknowledged,
    unacknowledged,
    startingStock,
  }: {
    productIds: string[];
    acknowledged: string[];
    unacknowledged: number;
    startingStock: number;
  },
): Promise<void> {
  const rows = await db
    .select({ id: purchase.id })
    .from(purchase)
    .where(inArray(purchase.productId, productIds));
  const ids = rows.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual(expect.arrayContaining(acknowledged));
  expect(ids.length).toBeLessThanOrEqual(acknowledged.length + unacknowledged);
  for (const productId of productIds) {
    const [held] = await db
      .select({ quantity: sql<number>`coalesce(sum(${purchase.quantity}), 0)::int` })
      .from(purchase)
      .where(
        and(eq(purchase.productId, productId), inArray(purchase.status, [...ACTIVE_STATUSES])),
      );
    const stock = await stockOf(db, productId);
    expect((stock?.available ?? NaN) + (held?.quantity ?? NaN)).toBe(startingStock);
  }
}
