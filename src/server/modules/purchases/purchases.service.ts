import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PRODUCT_GONE_MESSAGE } from '../../../shared/basket.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import { IdSchema } from '../../../shared/ids.ts';
import type { Carrier } from '../../../shared/carriers.ts';
import { centsToDollars } from '../../../shared/money.ts';
import { orderShipment } from '../../../shared/shipment.ts';
import {
  ABOVE_STOCK_MESSAGE,
  BELOW_MINIMUM_MESSAGE,
  KIT_PART_GONE_MESSAGE,
  WRONG_PRODUCT_SKU_MESSAGE,
  type OrderPromotion,
  type Purchase,
  type PurchaseBodySchema,
  type PurchaseDetail,
  RECEIPT_ONLY_WHEN_PAID_MESSAGE,
} from '../../../shared/purchase.ts';
import { can } from '../../../shared/permissions.ts';
import type { PlacedPromotion } from '../../../shared/promotions.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../shared/for-sale.ts';
import { PRICES_CHANGED_MESSAGE, ppmToPercent } from '../../../shared/pricing.ts';
import { invoiceNumber } from '../../../shared/invoices.ts';
import { orderActions } from '../../../shared/order-actions.ts';
import type { Db, Queryable } from '../../db/client.ts';
import {
  checkout,
  invoice,
  orderEvent,
  paymentIntent,
  variant,
  purchase,
  receiptCounter,
  shipment,
  shipmentOrder,
  user,
} from '../../db/schema.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { AppError, Conflict, Forbidden, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { Delivery, Pricer } from '../pricing/index.ts';
import { changeStock, givingBack, stockChangeCtes } from '../stock/index.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type LineProblem,
  type PlaceCheckoutInput,
  type PlaceCheckoutRow,
} from './order-statement.ts';
import { limitRefusal, placeOrder } from './place-order.ts';
import {
  ACTIVE_STATUSES,
  allowed,
  applyEffects,
  expiryEffects,
  lockAccountOrders,
  ORDER_NOT_FOUND_MESSAGE,
  refusal,
  TRANSITIONS,
} from './purchase-lifecycle.ts';
import { checkoutReference } from './checkout-reference.ts';

export { PAYMENT_IN_FLIGHT_MESSAGE } from './purchase-lifecycle.ts';

type PurchaseInput = z.output<typeof PurchaseBodySchema>;

export const ORDER_TOTAL_TOO_LARGE_MESSAGE = 'The order total is too large. Please order fewer.';

const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
const UNIQUE_VIOLATION = '23505';

/** The PostgreSQL error code, also when drizzle wrapped the driver's error. */
const pgErrorCode = (error: unknown): string | undefined => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code ?? cause?.code;
};
/** Staff who see (and handle) every customer's orders: admins and the warehouse (orders.view). */
export const seesAllOrders = (caller: AuthUser) => can(caller.role, 'orders.view');
export const isId = (id: string) => IdSchema.safeParse(id).success;

/** The shop's reference of a checkout. */
export { checkoutReference };

/**
 * An order's columns with its checkout's reference, PO reference and receipt number, and its
 * parcel's once shipped (issue 35).
 */
const orderColumns = {
  ...getTableColumns(purchase),
  checkoutNumber: checkout.number,
  poReference: checkout.poReference,
  checkoutReceiptNumber: checkout.receiptNumber,
  checkoutPromotions: checkout.promotions,
  invoiceNumber: invoice.number,
  shipmentId: shipment.id,
  shipmentCarrier: shipment.carrier,
  shipmentTrackingNumber: shipment.trackingNumber,
  shippedAt: shipment.createdAt,
};
export type OrderRow = typeof purchase.$inferSelect & {
  checkoutNumber: number | string;
  poReference: string | null;
  checkoutReceiptNumber: number | null;
  /** Issue 36: its checkout's promotions as placed (absent where a statement does not read them). */
  checkoutPromotions?: PlacedPromotion[];
  /** Issue 37: its invoice's number (absent where a statement does not read it). */
  invoiceNumber?: number | string | null;
  /** Its parcel (absent where a statement reads orders that cannot have shipped yet). */
  shipmentId?: string | null;
  shipmentCarrier?: Carrier | null;
  shipmentTrackingNumber?: string | null;
  shippedAt?: Date | null;
};

/** Orders with their checkout and parcel, for `.where(…)`. */
export const selectOrders = (db: Queryable) =>
  db
    .select(orderColumns)
    .from(purchase)
    .innerJoin(checkout, eq(checkout.id, purchase.checkoutId))
    .leftJoin(invoice, eq(invoice.id, purchase.invoiceId))
    .leftJoin(shipmentOrder, eq(shipmentOrder.purchaseId, purchase.id))
    .leftJoin(shipment, eq(shipment.id, shipmentOrder.shipmentId));

/** The order's parcel, or null before it shipped (or when it shipped before parcels). */
const shipmentOf = (row: OrderRow) =>
  row.shipmentId && row.shippedAt
    ? orderShipment({
        id: row.shipmentId,
        carrier: row.shipmentCarrier ?? null,
        trackingNumber: row.shipmentTrackingNumber ?? null,
        shippedAt: row.shippedAt,
      })
    : null;

export function toPurchase(row: OrderRow): Purchase {
  return {
    _id: row.id,
    productId: row.productId,
    product: row.productName,
    sku: row.sku,
    variantLabel: row.variantLabel,
    price: centsToDollars(row.unitPriceCents),
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    phone: row.phone,
    address: row.address,
    orderQuantity: row.quantity,
    totalPrice: centsToDollars(row.totalCents),
    stat: row.status,
    shipment: shipmentOf(row),
    paid: row.paid,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    reservedUntil: !row.paid && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    testMode: row.testMode,
    // The checkout's one receipt covers the orders it paid, not one cancelled before.
    receiptNumber: row.paid ? row.checkoutReceiptNumber : null,
    checkoutId: row.checkoutId,
    checkoutReference: checkoutReference(row.checkoutNumber),
    poReference: row.poReference,
    tax: centsToDollars(row.taxCents),
    taxRate: ppmToPercent(row.taxRatePpm),
    shipping: centsToDollars(row.shippingCents),
    shippingTax: centsToDollars(row.shippingTaxCents),
    amount: centsToDollars(row.amountCents),
    discount: centsToDollars(row.discountCents),
    promotions: (row.checkoutPromotions ?? []).map(toOrderPromotion),
    onAccount: row.onAccount,
    invoiceNumber: row.invoiceNumber != null ? invoiceNumber(Number(row.invoiceNumber)) : null,
    companyId: row.organizationId,
  };
}

/** A placed promotion as the order API answers it (dollars). */
export const toOrderPromotion = (promotion: PlacedPromotion): OrderPromotion => ({
  name: promotion.name,
  code: promotion.code,
  kind: promotion.kind,
  discount: centsToDollars(promotion.discountCents),
  shippingDiscount: centsToDollars(promotion.shippingDiscountCents),
});

/** The orders a caller may see: their own; an admin, everyone's. */
export const visibleTo = (caller: AuthUser): SQL | undefined =>
  seesAllOrders(caller) ? undefined : eq(purchase.userId, caller.id);

const newestFirst = [desc(purchase.createdAt), desc(purchase.id)];
const active = inArray(purchase.status, [...ACTIVE_STATUSES]);

/**
 * Expires every unpaid order whose hold has passed and returns its stock, in one statement, so an
 * order's stock comes back exactly once however many instances, timers and requests run this at
 * the same time. The lifecycle's expiry effects (timeline, mail, intent cancel, unpaid counts) are
 * in it too. It follows the lifecycle's lock order: the accounts first, then their orders, then
 * the variants in id order (the stock each order took, ADR 047); the stock comes back through the stock's one entry point
 * (stockChangeCtes: `change_stock`, drizzle/0014 and 0027), which changes the rows this statement
 * locked without reaching them again through its older snapshot (that can deadlock:
 * docs/decisions/023) and attaches the consequences of giving stock back in the same statement
 * (ADR 043): a product for sale again releases its back-in-stock alerts (ADR 025; a product a
 * recall withdrew stays withdrawn, its stock counted).
 * Accounts and orders another transaction has locked (an order of the account being placed,
 * cancelled or paid right now) are skipped rather than waited for: a later run settles them.
 * Returns how many expired.
 */
export async function expireStaleHolds(db: Queryable): Promise<number> {
  const result = await db.execute<{ expired: number }>(sql`
    WITH stale_accounts AS (
      SELECT user_id FROM account_orders
      WHERE user_id IN (SELECT user_id FROM ${purchase} WHERE ${allowed('expire')})
      ORDER BY user_id FOR UPDATE SKIP LOCKED
    ), stale AS (
      SELECT id FROM ${purchase}
      WHERE ${allowed('expire')} AND user_id IN (SELECT user_id FROM stale_accounts)
      FOR UPDATE SKIP LOCKED
    ), expired AS (
      UPDATE ${purchase} SET status = ${TRANSITIONS.expire.to}, updated_at = now()
      FROM stale WHERE ${purchase.id} = stale.id
      RETURNING ${purchase.id} AS id, ${purchase.checkoutId} AS checkout_id,
        ${purchase.stockTaken} AS stock_taken
    )${expiryEffects}, released AS (
      SELECT (taken.value->>'variantId')::uuid AS variant_id,
        sum((taken.value->>'quantity')::int)::int AS quantity
      FROM expired CROSS JOIN jsonb_array_elements(expired.stock_taken) AS taken
      GROUP BY 1
    ), restock_locked AS (
      SELECT id FROM ${variant}
      WHERE id IN (SELECT variant_id FROM released)
      ORDER BY id FOR NO KEY UPDATE
    ), restock AS (
      SELECT restock_locked.id, released.quantity
      FROM restock_locked JOIN released ON released.variant_id = restock_locked.id
    ), ${stockChangeCtes(
      'restocked',
      sql`ARRAY(SELECT id FROM restock ORDER BY id)`,
      sql`ARRAY(SELECT quantity FROM restock ORDER BY id)`,
      'give',
    )}
    SELECT (SELECT count(*)::int FROM expired) AS expired,
      (SELECT count(*)::int FROM restocked) AS restocked
  `);
  return result.rows[0]?.expired ?? 0;
}

/** What each line problem the checkout statement names means to a customer (order-statement.ts). */
export const LINE_PROBLEM_MESSAGES: Record<LineProblem, string> = {
  gone: PRODUCT_GONE_MESSAGE,
  wrong_product: WRONG_PRODUCT_SKU_MESSAGE,
  part_gone: KIT_PART_GONE_MESSAGE,
  withdrawn: PRODUCT_WITHDRAWN_MESSAGE,
  below_minimum: BELOW_MINIMUM_MESSAGE,
  above_stock: ABOVE_STOCK_MESSAGE,
  total_too_large: ORDER_TOTAL_TOO_LARGE_MESSAGE,
  price_changed: PRICES_CHANGED_MESSAGE,
};

/** The spec's single purchase answers a line's problem as it always has: 404, 400 or 409. */
function purchaseRefusal(problem: LineProblem): AppError {
  const message = LINE_PROBLEM_MESSAGES[problem];
  switch (problem) {
    case 'gone':
      return new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
    // A safety recall took it off sale (issue 39), a SKU of another product, a kit of a deleted
    // part (issue 34): not now, whatever the quantity.
    case 'withdrawn':
    case 'wrong_product':
    case 'part_gone':
    case 'price_changed':
      return new Conflict(message);
    case 'below_minimum':
    case 'total_too_large':
      return new Invalid(message, { orderQuantity: message });
    case 'above_stock':
      // Above stock, or a concurrent order took it first: either way, not now.
      return new AppError(409, ErrorCode.Conflict, message, { orderQuantity: message });
  }
}

/**
 * Places the order (place-order.ts) and answers its limits: 429 for the order rate,
 * then 409 for the unpaid orders. The unpaid count includes holds that have passed but were not
 * swept yet, so that refusal sweeps them and asks once more when the sweep freed anything. Returns
 * the statement's rows, one per line, for the caller to answer the lines.
 */
export async function placeCheckoutLines(
  db: Db,
  input: PlaceCheckoutInput,
): Promise<PlaceCheckoutRow[]> {
  let rows = await placeOrder(db.$client, input);
  if (rows[0]?.too_many_unpaid && (await expireStaleHolds(db)) > 0)
    rows = await placeOrder(db.$client, input);
  const [first] = rows;
  if (!first) throw new Error('the checkout statement returned no row');
  const refused = limitRefusal(first, input.limits.maxUnpaidOrders);
  if (refused) throw refused;
  return rows;
}

/** The order a row of the checkout statement placed, or null. */
export function placedPurchase(row: PlaceCheckoutRow): Purchase | null {
  if (row.id === null || row.checkout_number === null) return null;
  return toPurchase({
    ...row,
    checkoutNumber: row.checkout_number,
    poReference: row.checkout_po_reference,
    checkoutReceiptNumber: null,
    checkoutPromotions: row.checkout_promotions ?? [],
    invoiceNumber: row.checkout_invoice_number,
  });
}

/** Issue 37: how the checkout a statement placed is paid, its approval and its invoice. */
export function placedTerms(row: PlaceCheckoutRow | undefined) {
  return {
    paymentMethod: row?.checkout_payment_method ?? 'card',
    approval: row?.checkout_approval ?? 'none',
    invoice:
      row?.checkout_invoice_id && row.checkout_invoice_number !== null
        ? {
            id: row.checkout_invoice_id,
            number: invoiceNumber(Number(row.checkout_invoice_number)),
          }
        : null,
  } as const;
}

export type PlaceOptions = Pick<
  PlaceCheckoutInput,
  'clientIp' | 'holdHours' | 'limits' | 'idempotency'
>;

/**
 * POST /api/purchase: a checkout of one line, through the checkout statement. Refusals in the
 * order the limits come first: 429, 409 (unpaid), then the line's (404, 400, 409).
 */
export async function placePurchase(
  db: Db,
  pricer: Pricer,
  caller: AuthUser,
  input: PurchaseInput,
  options: PlaceOptions,
): Promise<Purchase> {
  const productId = isId(input.productId) ? input.productId : null;
  const lines = [{ productId, sku: input.sku ?? null, quantity: input.orderQuantity }];
  const quoted = await pricer.forPlacement(caller, purchaseDelivery(input), lines);
  const [row] = await placeCheckoutLines(db, {
    ...options,
    lines,
    caller,
    address: quoted.addressText,
    phone: quoted.address.phone || input.phone,
    poReference: null,
    quoted,
  });
  const placed = row && placedPurchase(row);
  if (placed) return placed;
  if (!row?.line_problem) throw new Error('the checkout statement placed nothing and said no why');
  throw purchaseRefusal(row.line_problem);
}

/**
 * Where the spec's purchase form delivers (issue 35): Address alone is one line (priced in the
 * shop's origin country); with Country it is a structured address, checked per country.
 */
function purchaseDelivery(input: PurchaseInput): Delivery & { quoteId?: string | undefined } {
  const address = input.country
    ? {
        line1: input.address,
        city: input.city ?? '',
        region: input.region ?? '',
        postalCode: input.postalCode ?? '',
        country: input.country,
        phone: input.phone,
      }
    : input.address;
  return {
    address,
    phone: input.phone,
    shippingMethod: input.shippingMethod,
    quoteId: input.quoteId,
    codes: input.codes,
    paymentMethod: input.paymentMethod,
  };
}

/** GET /api/purchase?customerEmail=: a customer's active orders, newest first. */
export async function listCustomerPurchases(
  db: Db,
  caller: AuthUser,
  customerEmail: string,
): Promise<Purchase[]> {
  const email = customerEmail.trim().toLowerCase();
  if (email !== caller.email && !seesAllOrders(caller))
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
  const rows = await selectOrders(db)
    .where(and(owner, active))
    .orderBy(...newestFirst);
  return rows.map(toPurchase);
}

/** GET /api/purchase1: every active order, newest first (admins). */
export async function listAllPurchases(db: Db): Promise<Purchase[]> {
  await expireStaleHolds(db);
  const rows = await selectOrders(db)
    .where(active)
    .orderBy(...newestFirst);
  return rows.map(toPurchase);
}

/** The order row, to its owner or an admin; someone else's is answered like an unknown one. */
export async function visiblePurchaseRow(db: Db, caller: AuthUser, id: string) {
  if (!isId(id)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const [row] = await selectOrders(db).where(and(eq(purchase.id, id), visibleTo(caller)));
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
export async function currentState(db: Queryable, caller: AuthUser, id: string) {
  const [row] = await db
    .select({ status: purchase.status, paid: purchase.paid, invoiceId: purchase.invoiceId })
    .from(purchase)
    .where(and(eq(purchase.id, id), visibleTo(caller)));
  if (!row) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * DELETE /api/purchase/{id}: cancels an unpaid pending order (the row stays for the record) and
 * returns its stock (releasing the back-in-stock alerts of a product that is orderable again), all
 * in one transaction and only by the request that made the change. Only
 * that order of its checkout; the checkout's open payment intent is cancelled with it, so the next
 * payment asks for the new total.
 */
export async function cancelPurchase(
  db: Db,
  caller: AuthUser,
  id: string,
): Promise<{ deletedCount: number }> {
  if (!isId(id)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const cancelled = await db.transaction(async (tx) => {
    await lockAccountOrders(tx, sql`(SELECT user_id FROM ${purchase} WHERE id = ${id})`);
    const [row] = await tx
      .update(purchase)
      .set({ status: TRANSITIONS.cancel.to, updatedAt: sql`now()` })
      .where(and(eq(purchase.id, id), visibleTo(caller), allowed('cancel')))
      .returning({ id: purchase.id, stockTaken: purchase.stockTaken });
    if (!row) return undefined;
    await applyEffects(tx, [row.id], 'cancelled', seesAllOrders(caller) ? 'admin' : 'customer');
    // The stock comes back through its one entry point, with its consequences (back in stock:
    // the subscribers are mailed with it, ADR 025 and 043): exactly what the order took, its
    // variant's or a kit's parts' (ADR 047). A variant deleted meanwhile has no stock to return to.
    await changeStock(tx, givingBack(row.stockTaken), 'give');
    if (seesAllOrders(caller)) await auditTransition(tx, caller, 'cancel', row.id);
    return row;
  });
  if (!cancelled) throw refusal('cancel', await currentState(db, caller, id));
  return { deletedCount: 1 };
}

/**
 * An admin's transition of an order, audited: the order after it, and before it (its status then).
 * Returns the order after it.
 */
export async function auditTransition(
  tx: Queryable,
  admin: AuthUser,
  transition: 'cancel' | 'ship',
  orderId: string,
): Promise<Purchase> {
  const [row] = await selectOrders(tx).where(eq(purchase.id, orderId));
  if (!row) throw new Error(`order ${orderId} vanished in its own transaction`);
  const after = toPurchase(row);
  await recordAudit(tx, admin, {
    action: `purchase.${transition}`,
    targetType: 'purchase',
    targetId: after._id,
    // Before shipping it had no parcel.
    before: {
      ...after,
      stat: TRANSITIONS[transition].from[0],
      ...(transition === 'ship' && { shipment: null }),
    },
    after,
  });
  return after;
}

/** What `markCheckoutPaid` did. */
export type PayOutcome = 'paid' | 'nothing to pay' | 'amount changed';

/**
 * Records a verified payment of `amountCents` for a checkout: every live (pending, unpaid) order of
 * it becomes paid with `transactionId` and stops expiring, in one transaction, and only when the
 * amount is exactly their total now (an intent made before an order was cancelled pays nothing).
 * The checkout takes the transaction id (unique: an id already recorded on another checkout
 * changes nothing) and the next receipt number from the counter row, which stays locked until the
 * commit (a rollback gives the number back), so receipt numbers are unique and gapless. For the
 * payments flow only, after the provider confirmed the payment; no route calls it directly.
 * Idempotent: once paid, the checkout has nothing left to pay.
 */
export async function markCheckoutPaid(
  db: Queryable,
  checkoutId: string,
  payment: { transactionId: string; amountCents: number },
  /** Writes the caller's Idempotency-Key with the payment (idempotency/payment-keys.ts). */
  remember?: (tx: Queryable) => Promise<void>,
): Promise<PayOutcome> {
  if (!isId(checkoutId) || payment.transactionId.length === 0) return 'nothing to pay';
  try {
    // Its own transaction, or a savepoint inside the caller's: a lost race below must not abort it.
    return await db.transaction(async (tx) => {
      await lockAccountOrders(tx, sql`(SELECT user_id FROM ${checkout} WHERE id = ${checkoutId})`);
      const live = await tx
        .select({ id: purchase.id, amountCents: purchase.amountCents })
        .from(purchase)
        .where(and(eq(purchase.checkoutId, checkoutId), allowed('pay')))
        .for('update');
      if (live.length === 0) return 'nothing to pay';
      if (live.reduce((sum, order) => sum + order.amountCents, 0) !== payment.amountCents)
        return 'amount changed';
      await tx.execute(sql`
        WITH next AS (
          INSERT INTO ${receiptCounter} (id, last) VALUES (1, 1)
          ON CONFLICT (id) DO UPDATE SET last = ${receiptCounter}.last + 1
          RETURNING last
        )
        UPDATE ${checkout} SET receipt_number = next.last, transaction_id = ${payment.transactionId}
        FROM next WHERE ${checkout.id} = ${checkoutId}`);
      const ids = live.map((order) => order.id);
      await tx
        .update(purchase)
        .set({
          paid: true,
          paidAt: sql`now()`,
          transactionId: payment.transactionId,
          holdExpiresAt: null,
          updatedAt: sql`now()`,
          testMode: sql`exists (select 1 from ${paymentIntent} where ${paymentIntent.id} = ${payment.transactionId} and ${paymentIntent.provider} = 'test')`,
        })
        .where(inArray(purchase.id, ids));
      await applyEffects(tx, ids, 'paid', 'customer');
      await remember?.(tx);
      return 'paid';
    });
  } catch (error) {
    // Two checkouts raced for one transaction id: the unique index gave it to the other one.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return 'nothing to pay';
    throw error;
  }
}

/**
 * GET /api/purchase/{id}/receipt: the receipt of the paid order's checkout, listing every order it
 * paid (owner or admin; 409 before it is paid).
 */
export async function getReceipt(db: Db, caller: AuthUser, id: string): Promise<Buffer> {
  const row = await visiblePurchaseRow(db, caller, id);
  if (!orderActions({ stat: row.status, paid: row.paid }).canDownloadReceipt)
    throw new Conflict(RECEIPT_ONLY_WHEN_PAID_MESSAGE);
  if (row.checkoutReceiptNumber === null || row.transactionId === null || row.paidAt === null)
    throw new Error(`paid order ${row.id} has no receipt number`);
  const lines = await db
    .select({
      productName: purchase.productName,
      sku: purchase.sku,
      variantLabel: purchase.variantLabel,
      quantity: purchase.quantity,
      unitPriceCents: purchase.unitPriceCents,
      totalCents: purchase.totalCents,
      taxCents: purchase.taxCents,
      shippingCents: purchase.shippingCents,
      shippingTaxCents: purchase.shippingTaxCents,
      discountCents: purchase.discountCents,
    })
    .from(purchase)
    .where(and(eq(purchase.checkoutId, row.checkoutId), eq(purchase.paid, true)))
    .orderBy(purchase.productName, purchase.id);
  const [intent] = await db
    .select({ brand: paymentIntent.cardBrand, last4: paymentIntent.cardLast4 })
    .from(paymentIntent)
    .where(eq(paymentIntent.id, row.transactionId));
  const [placed] = await db
    .select({
      shippingMethod: checkout.shippingMethodName,
      pricesIncludeTax: checkout.pricesIncludeTax,
      taxNote: checkout.taxNote,
      promotions: checkout.promotions,
    })
    .from(checkout)
    .where(eq(checkout.id, row.checkoutId));
  return renderReceiptPdf({
    ...placed,
    receiptNumber: row.checkoutReceiptNumber,
    reference: checkoutReference(row.checkoutNumber),
    poReference: row.poReference,
    paidAt: row.paidAt,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    address: row.address,
    lines,
    transactionId: row.transactionId,
    card: { brand: intent?.brand ?? null, last4: intent?.last4 ?? null },
    testMode: row.testMode,
  });
}
