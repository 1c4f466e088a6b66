import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ABOVE_OWN_LIMIT_MESSAGE,
  APPROVAL_NOT_FOUND_MESSAGE,
  type Approval,
  type ApprovalDecision,
  NOT_AWAITING_APPROVAL_MESSAGE,
  OWN_ORDER_APPROVAL_MESSAGE,
} from '../../../shared/approvals.ts';
import { canApprove } from '../../../shared/companies.ts';
import { invoiceNumber } from '../../../shared/invoices.ts';
import { centsToDollars } from '../../../shared/money.ts';
import { variantDisplayName } from '../../../shared/variant.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { checkout, purchase } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { type Membership, membershipOf } from '../companies/index.ts';
import { invoiceIssuedEffectsSql } from '../invoices/index.ts';
import {
  allowed,
  applyEffects,
  expireStaleHolds,
  isId,
  lockAccountOrders,
  selectOrders,
  toPurchase,
} from '../purchases/index.ts';
import { changeStock, givingBack } from '../stock/index.ts';

/*
 * Approvals (issue 37, docs/decisions/059): a company member's checkout placed above their spending
 * limit waits (orders `awaiting_approval`, stock held, credit reserved when on account) until an
 * admin or approver of the SAME company approves or rejects it. Nobody decides their own checkout,
 * and one with a per-order limit decides only checkouts within it.
 *
 * Each decision is ONE transaction in the lifecycle's LOCK ORDER (purchase-lifecycle.ts): the
 * buyer's `account_orders` row, then the orders by the conditional UPDATE whose WHERE is
 * `allowed('approve' | 'reject')` (so of two parallel decisions exactly one changes them; the
 * other finds nothing and is answered 409), then the checkout row, then the company's row and the
 * stock (the lifecycle's effects and `changeStock`).
 */

/** A checkout as the decision reads it before its transaction (who bought, for which company). */
interface CheckoutFacts {
  id: string;
  userId: string;
  organizationId: string | null;
  paymentMethod: 'card' | 'account';
  /** What its orders still awaiting approval cost, in cents (0 when none waits). */
  awaitingCents: number;
}

async function checkoutFacts(db: Queryable, checkoutId: string): Promise<CheckoutFacts | null> {
  if (!isId(checkoutId)) return null;
  const result = await db.execute<{
    id: string;
    user_id: string;
    organization_id: string | null;
    payment_method: 'card' | 'account';
    awaiting_cents: string;
  }>(sql`SELECT c.id, c.user_id, c.organization_id, c.payment_method,
      coalesce((SELECT sum(p.amount_cents) FROM ${purchase} p
        WHERE p.checkout_id = c.id AND p.status = 'awaiting_approval'), 0)::bigint AS awaiting_cents
    FROM ${checkout} c WHERE c.id = ${checkoutId}`);
  const [row] = result.rows;
  return row
    ? {
        id: row.id,
        userId: row.user_id,
        organizationId: row.organization_id,
        paymentMethod: row.payment_method,
        awaitingCents: Number(row.awaiting_cents),
      }
    : null;
}

/** Whether `member` may decide a checkout of `buyerId` costing `cents` (and why not). */
function decisionProblem(
  member: Pick<Membership, 'orderLimitCents'>,
  callerId: string,
  buyerId: string,
  cents: number,
): string | null {
  if (buyerId === callerId) return OWN_ORDER_APPROVAL_MESSAGE;
  if (member.orderLimitCents !== null && cents > member.orderLimitCents)
    return ABOVE_OWN_LIMIT_MESSAGE;
  return null;
}

/**
 * The checkout `checkoutId` when the caller may decide it: an admin or approver of its company
 * (anyone else, and another company's, is answered like an unknown one: 404), not their own and
 * within their own per-order limit (409).
 */
async function decidable(db: Db, caller: AuthUser, checkoutId: string): Promise<CheckoutFacts> {
  const [facts, member] = await Promise.all([
    checkoutFacts(db, checkoutId),
    membershipOf(db, caller.id),
  ]);
  if (
    !facts ||
    !member ||
    facts.organizationId === null ||
    facts.organizationId !== member.organizationId ||
    !canApprove(member.role)
  )
    throw new NotFound(APPROVAL_NOT_FOUND_MESSAGE);
  const problem = decisionProblem(member, caller.id, facts.userId, facts.awaitingCents);
  if (problem) throw new Conflict(problem);
  return facts;
}

/** The checkout's orders as the API shows them (after the decision, in its transaction). */
async function ordersOf(tx: Queryable, ids: readonly string[]) {
  const rows = await selectOrders(tx)
    .where(inArray(purchase.id, [...ids]))
    .orderBy(purchase.productName, purchase.id);
  return rows.map(toPurchase);
}

/**
 * POST /api/approvals/{checkoutId}/approve: its orders become `pending`. A card checkout gets a
 * new hold of `holdHours` to be paid in; an on-account one is invoiced now (its credit was
 * reserved when it was placed, so the balance does not move): the invoice for what its orders
 * cost, due after the company's terms, its orders on it and no longer unpaid. The buyer is mailed.
 */
export async function approveCheckout(
  db: Db,
  caller: AuthUser,
  checkoutId: string,
  { holdHours }: { holdHours: number },
): Promise<ApprovalDecision> {
  const facts = await decidable(db, caller, checkoutId);
  const onAccount = facts.paymentMethod === 'account';
  const decided = await db.transaction(async (tx) => {
    await lockAccountOrders(tx, sql`${facts.userId}`);
    const approved = await tx
      .update(purchase)
      .set({
        status: 'pending',
        holdExpiresAt: onAccount ? null : sql`now() + ${holdHours} * interval '1 hour'`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(purchase.checkoutId, checkoutId), allowed('approve')))
      .returning({ id: purchase.id });
    if (approved.length === 0) return null;
    const ids = approved.map((order) => order.id);
    await tx
      .update(checkout)
      .set({ approval: 'approved', approvedBy: caller.id, approvedAt: sql`now()` })
      .where(eq(checkout.id, checkoutId));
    await applyEffects(tx, ids, 'approved', 'customer');
    let number: string | null = null;
    if (onAccount) {
      number = await issueInvoice(tx, checkoutId, ids);
      await applyEffects(tx, ids, 'invoiced', 'customer');
    }
    return { ids, number };
  });
  if (!decided) throw new Conflict(NOT_AWAITING_APPROVAL_MESSAGE);
  return {
    checkoutId,
    approval: 'approved',
    invoiceNumber: decided.number,
    orders: await ordersOf(db, decided.ids),
  };
}

/**
 * The invoice of an approved on-account checkout, in ONE statement with what issuing sets off
 * (invoices module): for what its approved orders cost and their tax (lines' and shipping's), its
 * PO reference, due after the company's terms; the orders are put on it and stop holding stock by
 * time (an invoiced order never expires). Returns its number ("INV-000042").
 */
async function issueInvoice(
  tx: Queryable,
  checkoutId: string,
  orderIds: readonly string[],
): Promise<string> {
  const ids = sql`${sql.param([...orderIds])}::uuid[]`;
  const result = await tx.execute<{ number: string }>(sql`
    WITH issued AS (
      INSERT INTO invoice (organization_id, checkout_id, amount_cents, tax_cents, po_reference,
        due_at, status, paid_at)
      SELECT c.organization_id, c.id, orders.amount_cents, orders.tax_cents, c.po_reference,
        now() + coalesce(ca.terms_days, 30) * interval '1 day',
        -- Nothing to pay (a checkout a promotion made free): issued paid, as when placed.
        CASE WHEN orders.amount_cents = 0 THEN 'paid' ELSE 'open' END,
        CASE WHEN orders.amount_cents = 0 THEN now() END
      FROM checkout c
        LEFT JOIN company_account ca ON ca.organization_id = c.organization_id
        CROSS JOIN (SELECT sum(p.amount_cents)::int AS amount_cents,
            sum(p.tax_cents + p.shipping_tax_cents)::int AS tax_cents
          FROM purchase p WHERE p.id = ANY(${ids})) AS orders
      WHERE c.id = ${checkoutId}
      RETURNING id, number
    ), on_invoice AS (
      UPDATE purchase SET invoice_id = (SELECT id FROM issued), hold_expires_at = NULL
      WHERE id = ANY(${ids})
      RETURNING 1
    )${sql.raw(invoiceIssuedEffectsSql('issued'))}
    SELECT number FROM issued`);
  const [row] = result.rows;
  if (!row) throw new Error(`checkout ${checkoutId} was approved but no invoice was issued`);
  return invoiceNumber(Number(row.number));
}

/**
 * POST /api/approvals/{checkoutId}/reject: its orders become `rejected`, like a cancel: the
 * lifecycle's effects (timeline, the buyer's mail with `reason`, its open payment intent canceled,
 * its unpaid counts, promotion uses and reserved credit released) and its stock given back,
 * exactly what each order took, in the same transaction.
 */
export async function rejectCheckout(
  db: Db,
  caller: AuthUser,
  checkoutId: string,
  reason: string,
): Promise<ApprovalDecision> {
  const facts = await decidable(db, caller, checkoutId);
  const decided = await db.transaction(async (tx) => {
    await lockAccountOrders(tx, sql`${facts.userId}`);
    const rejected = await tx
      .update(purchase)
      .set({ status: 'rejected', updatedAt: sql`now()` })
      .where(and(eq(purchase.checkoutId, checkoutId), allowed('reject')))
      .returning({ id: purchase.id, stockTaken: purchase.stockTaken });
    if (rejected.length === 0) return null;
    await tx
      .update(checkout)
      .set({
        approval: 'rejected',
        approvalReason: reason,
        approvedBy: caller.id,
        approvedAt: sql`now()`,
      })
      .where(eq(checkout.id, checkoutId));
    const ids = rejected.map((order) => order.id);
    await applyEffects(tx, ids, 'rejected', 'customer');
    await changeStock(
      tx,
      rejected.flatMap((order) => givingBack(order.stockTaken)),
      'give',
    );
    return ids;
  });
  if (!decided) throw new Conflict(NOT_AWAITING_APPROVAL_MESSAGE);
  return {
    checkoutId,
    approval: 'rejected',
    invoiceNumber: null,
    orders: await ordersOf(db, decided),
  };
}

type AwaitingRow = {
  checkout_id: string;
  checkout_number: string;
  buyer_id: string;
  buyer_name: string;
  buyer_email: string;
  payment_method: 'card' | 'account';
  po_reference: string | null;
  placed_at: Date;
  order_id: string;
  product_name: string;
  variant_label: string;
  sku: string;
  quantity: number;
  amount_cents: number;
  hold_expires_at: Date | null;
};

/**
 * GET /api/approvals: the checkouts of the caller's company awaiting approval, oldest first, each
 * with its lines and whether the caller may decide it. Admins and approvers see the company's; a
 * buyer sees their own (never decidable by them); anyone else, none.
 */
export async function listApprovals(db: Db, caller: AuthUser): Promise<Approval[]> {
  const member = await membershipOf(db, caller.id);
  if (!member) return [];
  await expireStaleHolds(db);
  const approving = canApprove(member.role);
  const result = await db.execute<AwaitingRow>(sql`
    SELECT c.id AS checkout_id, c.number AS checkout_number, u.id AS buyer_id,
      u.name AS buyer_name, u.email AS buyer_email, c.payment_method, c.po_reference,
      c.created_at AS placed_at, p.id AS order_id, p.product_name, p.variant_label, p.sku,
      p.quantity, p.amount_cents, p.hold_expires_at
    FROM ${checkout} c
      JOIN "user" u ON u.id = c.user_id
      JOIN ${purchase} p ON p.checkout_id = c.id AND p.status = 'awaiting_approval'
    WHERE c.organization_id = ${member.organizationId} AND c.approval = 'awaiting'
      ${approving ? sql`` : sql`AND c.user_id = ${caller.id}`}
    ORDER BY c.created_at, c.id, p.product_name, p.id`);
  const approvals = new Map<string, Approval & { cents: number }>();
  for (const row of result.rows) {
    let approval = approvals.get(row.checkout_id);
    if (!approval) {
      approval = {
        checkoutId: row.checkout_id,
        checkoutNumber: Number(row.checkout_number),
        buyer: { id: row.buyer_id, name: row.buyer_name, email: row.buyer_email },
        paymentMethod: row.payment_method,
        poReference: row.po_reference,
        total: 0,
        cents: 0,
        placedAt: new Date(row.placed_at).toISOString(),
        holdExpiresAt: null,
        lines: [],
        canApprove: false,
      };
      approvals.set(row.checkout_id, approval);
    }
    approval.cents += Number(row.amount_cents);
    const hold = row.hold_expires_at ? new Date(row.hold_expires_at).toISOString() : null;
    if (hold && (approval.holdExpiresAt === null || hold < approval.holdExpiresAt))
      approval.holdExpiresAt = hold;
    approval.lines.push({
      orderId: row.order_id,
      productName: variantDisplayName(row.product_name, row.variant_label),
      sku: row.sku,
      quantity: Number(row.quantity),
      amount: centsToDollars(Number(row.amount_cents)),
    });
  }
  return [...approvals.values()].map(({ cents, ...approval }) => ({
    ...approval,
    total: centsToDollars(cents),
    canApprove: approving && decisionProblem(member, caller.id, approval.buyer.id, cents) === null,
  }));
}
