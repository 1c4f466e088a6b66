import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, TOO_MANY_REQUESTS_MESSAGE } from '../../../shared/errors.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { centsToDollars } from '../../../shared/money.ts';
import {
  ABOVE_STOCK_MESSAGE,
  BELOW_MINIMUM_MESSAGE,
  orderQuantityProblem,
  type Purchase,
  type PurchaseBodySchema,
  type PurchaseDetail,
  RECEIPT_ONLY_WHEN_PAID_MESSAGE,
} from '../../../shared/purchase.ts';
import { ROLE_ADMIN } from '../../../shared/user.ts';
import { orderActions } from '../../../shared/order-actions.ts';
import type { Db, Queryable } from '../../db/client.ts';
import {
  orderEvent,
  paymentIntent,
  product,
  purchase,
  receiptCounter,
  user,
} from '../../db/schema.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { AppError, Conflict, Forbidden, Invalid, NotFound, TooManyRequests } from '../../errors.ts';
import type { AuthUser } from '../auth/caller.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { MAX_TOTAL_CENTS, runPlaceOrder } from './order-statement.ts';
import { tooManyUnpaidOrdersMessage, type PurchaseLimits } from './purchase-limits.ts';
import {
  ACTIVE_STATUSES,
  allowed,
  applyEffects,
  expiryEffects,
  ORDER_NOT_FOUND_MESSAGE,
  refusal,
  TRANSITIONS,
} from './purchase-lifecycle.ts';

export { PAYMENT_IN_FLIGHT_MESSAGE } from './purchase-lifecycle.ts';

type PurchaseRow = typeof purchase.$inferSelect;
type PurchaseInput = z.output<typeof PurchaseBodySchema>;

export const ORDER_TOTAL_TOO_LARGE_MESSAGE = 'The order total is too large. Please order fewer.';

const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
const UNIQUE_VIOLATION = '23505';

/** The PostgreSQL error code, also when drizzle wrapped the driver's error. */
const pgErrorCode = (error: unknown): string | undefined => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code ?? cause?.code;
};
const isAdmin = (caller: AuthUser) => caller.role === ROLE_ADMIN;
const isId = (id: string) => IdSchema.safeParse(id).success;

function toPurchase(row: PurchaseRow): Purchase {
  return {
    _id: row.id,
    productId: row.productId,
    product: row.productName,
    price: centsToDollars(row.unitPriceCents),
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    phone: row.phone,
    address: row.address,
    orderQuantity: row.quantity,
    totalPrice: centsToDollars(row.totalCents),
    stat: row.status,
    paid: row.paid,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    reservedUntil: !row.paid && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    testMode: row.testMode,
    receiptNumber: row.receiptNumber,
  };
}

/** The orders a caller may see: their own; an admin, everyone's. */
const visibleTo = (caller: AuthUser): SQL | undefined =>
  isAdmin(caller) ? undefined : eq(purchase.userId, caller.id);

const newestFirst = [desc(purchase.createdAt), desc(purchase.id)];
const active = inArray(purchase.status, [...ACTIVE_STATUSES]);

/**
 * Expires every unpaid order whose hold has passed and returns its stock, in one statement, so an
 * order's stock comes back exactly once however many instances, timers and requests run this at
 * the same time. The lifecycle's expiry effects (timeline, mail, intent cancel) are in it too. Rows another transaction has locked (being cancelled, paid or expired right now)
 * are skipped rather than waited for: whoever holds them settles them. Returns how many expired.
 */
export async function expireStaleHolds(db: Queryable): Promise<number> {
  const result = await db.execute<{ expired: number }>(sql`
    WITH stale AS (
      SELECT id FROM ${purchase} WHERE ${allowed('expire')}
      FOR UPDATE SKIP LOCKED
    ), expired AS (
      UPDATE ${purchase} SET status = ${TRANSITIONS.expire.to}, updated_at = now()
      FROM stale WHERE ${purchase.id} = stale.id
      RETURNING ${purchase.id} AS id, ${purchase.productId} AS product_id,
        ${purchase.quantity} AS quantity
    )${expiryEffects}, released AS (
      SELECT product_id, sum(quantity)::int AS quantity FROM expired
      WHERE product_id IS NOT NULL GROUP BY product_id
    ), restocked AS (
      UPDATE ${product} SET available_quantity = ${product.availableQuantity} + released.quantity,
        updated_at = now()
      FROM released WHERE ${product.id} = released.product_id
      RETURNING ${product.id}
    )
    SELECT count(*)::int AS expired FROM expired
  `);
  return result.rows[0]?.expired ?? 0;
}

/** Why the order statement took no stock, from the product as it was when it started. */
function whyNotTaken(
  quantity: number,
  found: { minQuantity: number; availableQuantity: number; priceCents: number } | undefined,
): AppError {
  if (!found) return new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
  const problem = orderQuantityProblem(quantity, found);
  if (problem === BELOW_MINIMUM_MESSAGE) return new Invalid(problem, { orderQuantity: problem });
  if (!problem && found.priceCents * quantity > MAX_TOTAL_CENTS)
    return new Invalid(ORDER_TOTAL_TOO_LARGE_MESSAGE, {
      orderQuantity: ORDER_TOTAL_TOO_LARGE_MESSAGE,
    });
  // Above stock, or a concurrent order took it since the statement began: either way, not now.
  return new AppError(409, ErrorCode.Conflict, ABOVE_STOCK_MESSAGE, {
    orderQuantity: ABOVE_STOCK_MESSAGE,
  });
}

/**
 * POST /api/purchase, in one statement (order-statement.ts): the order limits (rate per IP and
 * account, unpaid orders held), the stock taken by one conditional update (never read-then-write),
 * the order recorded with the product's name and unit price as they were at that moment and the
 * customer as the session knows them, and its effects; all or nothing. Unpaid, it holds the stock
 * `holdHours`. Refusals in the order the limits come first: 429, 409 (unpaid), then the product's.
 */
export async function placePurchase(
  db: Db,
  caller: AuthUser,
  input: PurchaseInput,
  options: { clientIp: string; holdHours: number; limits: PurchaseLimits },
): Promise<Purchase> {
  const quantity = input.orderQuantity;
  const result = await runPlaceOrder(db.$client, {
    productId: isId(input.productId) ? input.productId : null,
    quantity,
    caller,
    address: input.address,
    phone: input.phone,
    clientIp: options.clientIp,
    holdHours: options.holdHours,
    limits: options.limits,
  });
  // Over the limit now, or already when the order arrived (then it took nothing): 429 either way.
  if (result === 'rate limited' || result.rate_reached)
    throw new TooManyRequests(TOO_MANY_REQUESTS_MESSAGE);
  if (result.too_many_unpaid)
    throw new Conflict(tooManyUnpaidOrdersMessage(options.limits.maxUnpaidOrders));
  if (result.id !== null) return toPurchase(result);
  const found =
    result.min_quantity === null ||
    result.available_quantity === null ||
    result.price_cents === null
      ? undefined
      : {
          minQuantity: result.min_quantity,
          availableQuantity: result.available_quantity,
          priceCents: result.price_cents,
        };
  throw whyNotTaken(quantity, found);
}

/** GET /api/purchase?customerEmail=: a customer's active orders, newest first. */
export async function listCustomerPurchases(
  db: Db,
  caller: AuthUser,
  customerEmail: string,
): Promise<Purchase[]> {
  const email = customerEmail.trim().toLowerCase();
  if (email !== caller.email && !isAdmin(caller))
    throw new Forbidden('You can only see your own orders.');
  await expireStaleHolds(db);
  const owner =
    email === caller.email
      ? eq(purchase.userId, caller.id)
      : inArray(
          purchase.userId,
          db
            .select({ id: user.id })
            .from(user)
            .where(eq(sql`lower(${user.email})`, email)),
        );
  const rows = await db
    .select()
    .from(purchase)
    .where(and(owner, active))
    .orderBy(...newestFirst);
  return rows.map(toPurchase);
}

/** GET /api/purchase1: every active order, newest first (admins). */
export async function listAllPurchases(db: Db): Promise<Purchase[]> {
  await expireStaleHolds(db);
  const rows = await db
    .select()
    .from(purchase)
    .where(active)
    .orderBy(...newestFirst);
  return rows.map(toPurchase);
}

/** The order row, to its owner or an admin; someone else's is answered like an unknown one. */
export async function visiblePurchaseRow(db: Db, caller: AuthUser, id: string) {
  if (!isId(id)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select()
    .from(purchase)
    .where(and(eq(purchase.id, id), visibleTo(caller)));
  if (!row) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  return row;
}

/** GET /api/purchase/{id}: one order, whatever its state, with its timeline (owner or admin). */
export async function getPurchase(db: Db, caller: AuthUser, id: string): Promise<PurchaseDetail> {
  if (!isId(id)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  await expireStaleHolds(db);
  const row = await visiblePurchaseRow(db, caller, id);
  const events = await db
    .select({ at: orderEvent.at, event: orderEvent.event, actor: orderEvent.actor })
    .from(orderEvent)
    .where(eq(orderEvent.purchaseId, id))
    .orderBy(orderEvent.id);
  return {
    ...toPurchase(row),
    timeline: events.map((e) => ({ at: e.at.toISOString(), event: e.event, actor: e.actor })),
  };
}

/** The order as it is now, for explaining a transition that did not happen. */
async function currentState(db: Queryable, caller: AuthUser, id: string) {
  const [row] = await db
    .select({ status: purchase.status, paid: purchase.paid })
    .from(purchase)
    .where(and(eq(purchase.id, id), visibleTo(caller)));
  if (!row) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * DELETE /api/purchase/{id}: cancels an unpaid pending order (the row stays for the record) and
 * returns its stock, both in one transaction and only by the request that made the change.
 */
export async function cancelPurchase(
  db: Db,
  caller: AuthUser,
  id: string,
): Promise<{ deletedCount: number }> {
  if (!isId(id)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(purchase)
      .set({ status: TRANSITIONS.cancel.to, updatedAt: sql`now()` })
      .where(and(eq(purchase.id, id), visibleTo(caller), allowed('cancel')))
      .returning();
    if (!row) return undefined;
    await applyEffects(tx, row.id, 'cancelled', isAdmin(caller) ? 'admin' : 'customer');
    if (row.productId) {
      // A product deleted meanwhile has no stock to return to: nothing to do then.
      await tx
        .update(product)
        .set({
          availableQuantity: sql`${product.availableQuantity} + ${row.quantity}`,
          updatedAt: sql`now()`,
        })
        .where(eq(product.id, row.productId));
    }
    if (isAdmin(caller)) await auditTransition(tx, caller, 'cancel', toPurchase(row));
    return row;
  });
  if (!cancelled) throw refusal('cancel', await currentState(db, caller, id));
  return { deletedCount: 1 };
}

/** An admin's transition of an order, audited: the order after it, and before it (its status then). */
async function auditTransition(
  tx: Queryable,
  admin: AuthUser,
  transition: 'cancel' | 'ship',
  after: Purchase,
): Promise<void> {
  await recordAudit(tx, admin, {
    action: `purchase.${transition}`,
    targetType: 'purchase',
    targetId: after._id,
    before: { ...after, stat: TRANSITIONS[transition].from },
    after,
  });
}

/** PUT /api/purchase/{id}: ships a paid, pending order (admins). */
export async function shipPurchase(db: Db, admin: AuthUser, id: string): Promise<Purchase> {
  if (!isId(id)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const shipped = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(purchase)
      .set({ status: TRANSITIONS.ship.to, updatedAt: sql`now()` })
      .where(and(eq(purchase.id, id), allowed('ship')))
      .returning();
    if (!row) return undefined;
    await applyEffects(tx, row.id, 'shipped', 'admin');
    const after = toPurchase(row);
    await auditTransition(tx, admin, 'ship', after);
    return after;
  });
  if (!shipped) throw refusal('ship', await currentState(db, admin, id));
  return shipped;
}

/**
 * The next receipt number, taken in the paying transaction: the counter row stays locked until it
 * commits and a rollback gives the number back, so receipt numbers are unique and gapless (paying
 * orders queue on this one row for a moment, which payments can afford).
 */
async function assignReceiptNumber(tx: Queryable, purchaseId: string): Promise<void> {
  await tx.execute(sql`
    WITH next AS (
      INSERT INTO ${receiptCounter} (id, last) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET last = ${receiptCounter}.last + 1
      RETURNING last
    )
    UPDATE ${purchase} SET receipt_number = next.last FROM next WHERE ${purchase.id} = ${purchaseId}
  `);
}

/**
 * Records a verified payment: the order becomes paid (and stops expiring) if it is still pending
 * and unpaid. For the payments flow only, after the provider confirmed the payment; no route calls
 * it directly. Idempotent: the same transaction id again, or any id for an order that is already
 * paid, cancelled, expired or unknown, changes nothing. A transaction id already recorded on
 * another order changes nothing either. Returns whether this call marked the order paid.
 */
export async function markPurchasePaid(
  db: Queryable,
  purchaseId: string,
  transactionId: string,
): Promise<boolean> {
  if (!isId(purchaseId) || transactionId.length === 0) return false;
  try {
    // Its own transaction, or a savepoint inside the caller's: a lost race below must not abort it.
    return await db.transaction(async (tx) => {
      const updated = await tx
        .update(purchase)
        .set({
          paid: true,
          paidAt: sql`now()`,
          transactionId,
          holdExpiresAt: null,
          updatedAt: sql`now()`,
          testMode: sql`exists (select 1 from payment_intent where payment_intent.id = ${transactionId} and payment_intent.provider = 'test')`,
        })
        .where(
          and(
            eq(purchase.id, purchaseId),
            allowed('pay'),
            isNull(purchase.transactionId),
            sql`not exists (select 1 from ${purchase} as other where other.transaction_id = ${transactionId})`,
          ),
        )
        .returning({ id: purchase.id });
      if (updated.length === 0) return false;
      await assignReceiptNumber(tx, purchaseId);
      await applyEffects(tx, purchaseId, 'paid', 'customer');
      return true;
    });
  } catch (error) {
    // Two orders raced for one transaction id: the unique index gave it to the other one.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return false;
    throw error;
  }
}

/**
 * GET /api/purchase/{id}/receipt: the paid order's receipt (owner or admin; 409 before it is paid).
 */
export async function getReceipt(db: Db, caller: AuthUser, id: string): Promise<Buffer> {
  const row = await visiblePurchaseRow(db, caller, id);
  if (!orderActions({ stat: row.status, paid: row.paid }).canDownloadReceipt)
    throw new Conflict(RECEIPT_ONLY_WHEN_PAID_MESSAGE);
  if (row.receiptNumber === null || row.transactionId === null || row.paidAt === null)
    throw new Error(`paid order ${row.id} has no receipt number`);
  const [intent] = await db
    .select({ brand: paymentIntent.cardBrand, last4: paymentIntent.cardLast4 })
    .from(paymentIntent)
    .where(eq(paymentIntent.id, row.transactionId));
  return renderReceiptPdf({
    receiptNumber: row.receiptNumber,
    orderId: row.id,
    paidAt: row.paidAt,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    address: row.address,
    productName: row.productName,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    totalCents: row.totalCents,
    transactionId: row.transactionId,
    card: { brand: intent?.brand ?? null, last4: intent?.last4 ?? null },
    testMode: row.testMode,
  });
}
