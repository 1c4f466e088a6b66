import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RETURN_ONLY_SHIPPED_MESSAGE,
  RETURN_WINDOW_DAYS,
  RETURN_WINDOW_PASSED_MESSAGE,
  returnQuantityMessage,
  type OrderReturn,
  type ReturnBodySchema,
  type ReturnStatus,
} from '../../../shared/aftersale.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import { centsToDollars } from '../../../shared/money.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { orderAftersale, orderEvent, orderReturn, purchase, refund } from '../../db/schema.ts';
import { AppError, Conflict, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { changeStock, givingBack } from '../stock/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { assertActor, defineTransitions, fromGuard, type Transition } from '../lifecycle/index.ts';
import { applyEffects, ORDER_NOT_FOUND_MESSAGE, isId } from '../purchases/index.ts';
import { ensureAftersaleRow, queueAftersaleMail } from './order-aftersale.ts';
import { refundOrder } from './refunds.service.ts';
import { splitRefund } from './refund-split.ts';

/*
 * Returns (issue 25), built with the lifecycle kit (modules/lifecycle, ADR 045):
 *
 *   requested ──approve──► approved ──receive──► received ──refund──► refunded
 *       └──────reject────► rejected (its units may be asked back again)
 *
 * Each transition is ONE conditional UPDATE whose WHERE is its guard (`from`), so of concurrent
 * attempts exactly one wins and the others get 409; its effects (timeline entry, outbox mail,
 * stock, the order's returning units) are written in the same transaction. The refund goes
 * through the refund service (refunds.service.ts), which moves the return to refunded when the
 * provider has paid it back.
 */

export const RETURN_NOT_FOUND_MESSAGE = 'Return not found';

type ReturnEvent = 'return_approved' | 'return_rejected' | 'return_received';

/** The return machine's transition table (the lifecycle kit's, ADR 045), with each one's mail. */
export const RETURN_TRANSITIONS = defineTransitions<ReturnStatus, ReturnEvent>()({
  approve: {
    from: ['requested'],
    to: 'approved',
    event: 'return_approved',
    by: ['admin'],
    mail: 'return.approved',
  },
  reject: {
    from: ['requested'],
    to: 'rejected',
    event: 'return_rejected',
    by: ['admin'],
    mail: 'return.rejected',
  },
  receive: {
    from: ['approved'],
    to: 'received',
    event: 'return_received',
    by: ['admin'],
    mail: null,
  },
} satisfies Record<
  string,
  Transition<ReturnStatus, ReturnEvent> & { mail: 'return.approved' | 'return.rejected' | null }
>);
type ReturnTransition = keyof typeof RETURN_TRANSITIONS;

const returnColumns = {
  id: orderReturn.id,
  purchaseId: orderReturn.purchaseId,
  quantity: orderReturn.quantity,
  reason: orderReturn.reason,
  note: orderReturn.note,
  status: orderReturn.status,
  rejectReason: orderReturn.rejectReason,
  restocked: orderReturn.restocked,
  createdAt: orderReturn.createdAt,
  product: sql<string>`${purchase.productName} || CASE WHEN ${purchase.variantLabel} = '' THEN '' ELSE ' (' || ${purchase.variantLabel} || ')' END`,
  sku: purchase.sku,
  unitPriceCents: purchase.unitPriceCents,
  customerName: purchase.customerName,
  customerEmail: purchase.customerEmail,
  // Issue 35: what its refund returns (the units' net and tax as charged, refund-split.ts): the
  // line's charge, what refunds not failed took of it, and this return's own refund if any.
  lineQuantity: purchase.quantity,
  lineNetCents: sql<number>`${purchase.totalCents} - ${purchase.discountCents}`,
  lineDiscountCents: purchase.discountCents,
  lineTaxCents: purchase.taxCents,
  refundedBefore: sql<{
    quantity: number;
    net: number;
    discount: number;
    tax: number;
  }>`(SELECT jsonb_build_object(
      'quantity', coalesce(sum(r.quantity), 0), 'net', coalesce(sum(r.net_cents), 0),
      'discount', coalesce(sum(r.discount_cents), 0), 'tax', coalesce(sum(r.tax_cents), 0))
    FROM ${refund} r WHERE r.purchase_id = ${purchase.id} AND r.status <> 'failed')`,
  ownRefundGoodsCents: sql<
    number | null
  >`(SELECT r.net_cents + r.tax_cents FROM ${refund} r WHERE r.return_id = ${orderReturn.id} AND r.status <> 'failed' LIMIT 1)`,
};
type ReturnRow = {
  id: string;
  purchaseId: string;
  quantity: number;
  reason: string;
  note: string;
  status: ReturnStatus;
  rejectReason: string | null;
  restocked: boolean | null;
  createdAt: Date;
  product: string;
  sku: string;
  unitPriceCents: number;
  customerName: string;
  customerEmail: string;
  lineQuantity: number;
  lineNetCents: number;
  lineDiscountCents: number;
  lineTaxCents: number;
  refundedBefore: { quantity: number; net: number; discount: number; tax: number };
  ownRefundGoodsCents: number | null;
};

/**
 * What the return's refund gives back of the goods (issue 35): its own refund's net and tax once
 * made, else what refunding its units would return now (their net and tax, refund-split.ts).
 */
function refundValueCents(row: ReturnRow): number {
  if (row.ownRefundGoodsCents !== null) return row.ownRefundGoodsCents;
  const line = {
    quantity: row.lineQuantity,
    netCents: row.lineNetCents,
    discountCents: row.lineDiscountCents,
    taxCents: row.lineTaxCents,
    shippingCents: 0,
    shippingTaxCents: 0,
  };
  const before = {
    quantity: row.refundedBefore.quantity,
    netCents: row.refundedBefore.net,
    discountCents: row.refundedBefore.discount,
    taxCents: row.refundedBefore.tax,
    shippingCents: 0,
    shippingTaxCents: 0,
  };
  const split = splitRefund(line, before, { quantity: row.quantity, withShipping: false });
  return split.ok ? split.amountCents : row.unitPriceCents * row.quantity;
}

export const toReturn = (row: ReturnRow): OrderReturn => ({
  _id: row.id,
  purchaseId: row.purchaseId,
  product: row.product,
  sku: row.sku,
  customerName: row.customerName,
  customerEmail: row.customerEmail,
  quantity: row.quantity,
  value: centsToDollars(refundValueCents(row)),
  reason: row.reason,
  note: row.note,
  status: row.status,
  rejectReason: row.rejectReason,
  restocked: row.restocked,
  createdAt: row.createdAt.toISOString(),
});

/** Returns with their order's snapshot, for `.where(…)`. */
export const selectReturns = (db: Queryable, where?: SQL) =>
  db
    .select(returnColumns)
    .from(orderReturn)
    .innerJoin(purchase, eq(purchase.id, orderReturn.purchaseId))
    .where(where)
    .orderBy(desc(orderReturn.createdAt), desc(orderReturn.id));

async function oneReturn(db: Queryable, id: string): Promise<OrderReturn> {
  const [row] = await selectReturns(db, eq(orderReturn.id, id));
  if (!row) throw new NotFound(RETURN_NOT_FOUND_MESSAGE);
  return toReturn(row);
}

/** When the order shipped (its timeline's shipped entry), or null. */
export const shippedAt = sql<Date | null>`(SELECT max(${orderEvent.at}) FROM ${orderEvent} WHERE ${orderEvent.purchaseId} = ${purchase.id} AND ${orderEvent.event} = 'shipped')`;

/**
 * POST /api/purchase/{id}/returns: the order's customer asks to return units of a shipped order
 * within RETURN_WINDOW_DAYS of shipping (the database's clock), at most what was ordered minus
 * what is already being returned (one guarded UPDATE, so parallel requests never pass it).
 */
export async function requestReturn(
  db: Db,
  caller: AuthUser,
  purchaseId: string,
  input: z.output<typeof ReturnBodySchema>,
): Promise<OrderReturn> {
  if (!isId(purchaseId)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const id = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: purchase.status,
        inWindow: sql<boolean>`coalesce(${shippedAt} > now() - make_interval(days => ${RETURN_WINDOW_DAYS}), false)`,
      })
      .from(purchase)
      .where(and(eq(purchase.id, purchaseId), eq(purchase.userId, caller.id)));
    if (!order) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
    if (order.status !== 'shipped') throw new Conflict(RETURN_ONLY_SHIPPED_MESSAGE);
    if (!order.inWindow) throw new Conflict(RETURN_WINDOW_PASSED_MESSAGE);
    await ensureAftersaleRow(tx, purchaseId);
    const [taken] = await tx
      .update(orderAftersale)
      .set({ returningQuantity: sql`${orderAftersale.returningQuantity} + ${input.quantity}` })
      .where(
        and(
          eq(orderAftersale.purchaseId, purchaseId),
          sql`${orderAftersale.returningQuantity} + ${input.quantity} <= ${orderAftersale.quantity}`,
        ),
      )
      .returning({ purchaseId: orderAftersale.purchaseId });
    if (!taken) {
      const [row] = await tx
        .select()
        .from(orderAftersale)
        .where(eq(orderAftersale.purchaseId, purchaseId));
      const message = returnQuantityMessage(row ? row.quantity - row.returningQuantity : 0);
      throw new AppError(409, ErrorCode.Conflict, message, { quantity: message });
    }
    const [made] = await tx
      .insert(orderReturn)
      .values({
        purchaseId,
        userId: caller.id,
        quantity: input.quantity,
        reason: input.reason,
        note: input.note,
      })
      .returning({ id: orderReturn.id });
    if (!made) throw new Error('return insert returned nothing');
    await applyEffects(tx, [purchaseId], 'return_requested', 'customer');
    return made.id;
  });
  return oneReturn(db, id);
}

/** GET /api/returns (admins): every return, newest first. */
export async function listReturns(db: Db): Promise<OrderReturn[]> {
  return (await selectReturns(db)).map(toReturn);
}

/**
 * The return's transition `name` by an admin: its guarded UPDATE, then its effects (the order's
 * timeline entry, the audit, its mail), or 404/409.
 */
async function transition(
  tx: Queryable,
  admin: AuthUser,
  id: string,
  name: ReturnTransition,
  set: Partial<typeof orderReturn.$inferInsert> = {},
) {
  const transition = RETURN_TRANSITIONS[name];
  const { to, event, mail } = transition;
  assertActor(name, transition, 'admin');
  const [row] = await tx
    .update(orderReturn)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(orderReturn.id, id), fromGuard(transition, orderReturn.status)))
    .returning();
  if (!row) {
    const [current] = await tx
      .select({ status: orderReturn.status })
      .from(orderReturn)
      .where(eq(orderReturn.id, id));
    if (!current) throw new NotFound(RETURN_NOT_FOUND_MESSAGE);
    throw new Conflict(`This return is already ${current.status}.`);
  }
  await applyEffects(tx, [row.purchaseId], event, 'admin');
  await recordAudit(tx, admin, {
    action: `return.${name}`,
    targetType: 'return',
    targetId: id,
    before: { status: transition.from[0] },
    after: { status: to, ...set },
  });
  if (mail) await queueAftersaleMail(tx, `return:${id}:${to}`, { template: mail, returnId: id });
  return row;
}

/** POST /api/returns/{id}/approve: the customer is mailed the return instructions. */
export async function approveReturn(db: Db, admin: AuthUser, id: string): Promise<OrderReturn> {
  if (!isId(id)) throw new NotFound(RETURN_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    await transition(tx, admin, id, 'approve');
  });
  return oneReturn(db, id);
}

/** POST /api/returns/{id}/reject {reason}: its units may be asked back again; the customer is told why. */
export async function rejectReturn(
  db: Db,
  admin: AuthUser,
  id: string,
  reason: string,
): Promise<OrderReturn> {
  if (!isId(id)) throw new NotFound(RETURN_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const row = await transition(tx, admin, id, 'reject', { rejectReason: reason });
    await tx
      .update(orderAftersale)
      .set({ returningQuantity: sql`${orderAftersale.returningQuantity} - ${row.quantity}` })
      .where(eq(orderAftersale.purchaseId, row.purchaseId));
  });
  return oneReturn(db, id);
}

/** POST /api/returns/{id}/receive {restock}: the parcel arrived; its units go back into stock or not. */
export async function receiveReturn(
  db: Db,
  admin: AuthUser,
  id: string,
  restock: boolean,
): Promise<OrderReturn> {
  if (!isId(id)) throw new NotFound(RETURN_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const row = await transition(tx, admin, id, 'receive', { restocked: restock });
    if (!restock) return;
    // The units go back through the stock's one entry point, with its consequences (back in
    // stock: the subscribers are mailed with it, ADR 025 and 043): the returned units' share of
    // what the order took (a kit's parts, ADR 047). A variant deleted meanwhile has no stock to
    // return to.
    const [ordered] = await tx
      .select({ stockTaken: purchase.stockTaken, quantity: purchase.quantity })
      .from(purchase)
      .where(eq(purchase.id, row.purchaseId));
    if (ordered)
      await changeStock(
        tx,
        givingBack(ordered.stockTaken, { units: row.quantity, of: ordered.quantity }),
        'give',
      );
  });
  return oneReturn(db, id);
}

/**
 * POST /api/returns/{id}/refund: a received return's units are refunded as they were charged:
 * their net and their tax (issue 35, refund-split.ts), at most what is left to refund of the
 * order, and the order's shipping share with its tax when staff chose (`withShipping`), through
 * the refund service, which marks it refunded. A refund of it left pending by an ambiguous
 * provider answer is finished instead (the same refund: docs/decisions/035).
 */
export async function refundReturn(
  db: Db,
  provider: PaymentProvider | null,
  admin: AuthUser,
  id: string,
  withShipping = false,
): Promise<OrderReturn> {
  const current = await oneReturn(db, isId(id) ? id : '00000000-0000-0000-0000-000000000000');
  if (current.status !== 'received')
    throw new Conflict(`This return is ${current.status}, not received.`);
  const [unsure] = await db
    .select({
      quantity: refund.quantity,
      goodsCents: sql<number>`${refund.netCents} + ${refund.taxCents}`,
      withShipping: refund.withShipping,
      reason: refund.reason,
    })
    .from(refund)
    .where(and(eq(refund.returnId, id), eq(refund.status, 'pending'), isNotNull(refund.unsureAt)));
  if (unsure) {
    await refundOrder(db, provider, admin, current.purchaseId, {
      ...(unsure.quantity > 0 ? { quantity: unsure.quantity } : { amountCents: unsure.goodsCents }),
      withShipping: unsure.withShipping,
      reason: unsure.reason,
      returnId: id,
    });
    return oneReturn(db, id);
  }
  await refundOrder(db, provider, admin, current.purchaseId, {
    quantity: current.quantity,
    withShipping,
    reason: `Return of ${current.quantity} × ${current.product}`,
    returnId: id,
  });
  return oneReturn(db, id);
}
