import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ABOVE_OWN_LIMIT_MESSAGE,
  APPROVAL_NOT_FOUND_MESSAGE,
  ApprovalDecisionSchema,
  ApprovalListSchema,
  NOT_AWAITING_APPROVAL_MESSAGE,
  OWN_ORDER_APPROVAL_MESSAGE,
  REJECT_REASON_REQUIRED,
} from '../../../shared/approvals.ts';
import { type CheckoutPlaced } from '../../../shared/checkout.ts';
import {
  accountOrders,
  checkout,
  invoice,
  orderEvent,
  outbox,
  promotionUse,
  purchase,
} from '../../db/schema.ts';
import type { SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { balanceOf, createTestCompany, type TestMember } from '../../testing/companies.ts';
import { createProduct, stockOf, type TestProduct } from '../../testing/factories.ts';
import { checkOutBasket, markOrderPaid, storeBasket } from '../../testing/orders.ts';
import { expireStaleHolds } from '../purchases/index.ts';

// Approvals of checkouts placed above a member's spending limit (issue 37, ADR 059), through the
// real app on PostgreSQL: who may decide, what approving and rejecting change, in one transaction.

const t = setUpAppWithAccounts();
const db = () => t.database.db;
const ADDRESS = { address: '1 Approval Street' };
const LIMITED = { role: 'buyer', orderLimitCents: 10_000 } as const;

const approve = (who: SignedIn, checkoutId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/approvals/${checkoutId}/approve`,
    headers: who.headers,
  });
const reject = (who: SignedIn, checkoutId: string, reason?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/approvals/${checkoutId}/reject`,
    headers: who.headers,
    payload: reason === undefined ? {} : { reason },
  });
const approvalsOf = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/approvals', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return ApprovalListSchema.parse(res.json()).approvals;
};

/** The member's basket of `quantity` × `item` checked out (by card unless told), awaiting approval. */
async function awaitingCheckout(
  who: TestMember,
  item: TestProduct,
  quantity: number,
  paymentMethod: 'card' | 'account' = 'card',
): Promise<CheckoutPlaced> {
  await storeBasket(t, who, [[item, quantity]]);
  const placed = await checkOutBasket(t, who, { ...ADDRESS, paymentMethod });
  expect(placed.approval).toBe('awaiting');
  expect(placed.orders.every((order) => order.stat === 'awaiting_approval')).toBe(true);
  return placed;
}

const ordersOf = (checkoutId: string) =>
  db().select().from(purchase).where(eq(purchase.checkoutId, checkoutId));
const checkoutRow = async (checkoutId: string) =>
  (await db().select().from(checkout).where(eq(checkout.id, checkoutId)))[0]!;
const unpaidCheckoutsOf = async (member: TestMember) =>
  (
    await db()
      .select({ n: accountOrders.unpaidCheckouts })
      .from(accountOrders)
      .where(eq(accountOrders.userId, member.userId))
  )[0]?.n;
const timelineOf = async (orderId: string) =>
  (
    await db()
      .select({ event: orderEvent.event })
      .from(orderEvent)
      .where(eq(orderEvent.purchaseId, orderId))
      .orderBy(orderEvent.id)
  ).map((row) => row.event);

/**
 * The mail job a decision queued for the checkout (outbox, keyed by checkout, event and audience):
 * its payload, or undefined when none was queued.
 */
async function queuedMail(checkoutId: string, event: string, audience = 'customer') {
  const [row] = await db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.dedupeKey, `${checkoutId}:${event}:${audience}`));
  return row?.payload;
}

/** A company with credit, a buyer limited to $100 an order and an approver without limits. */
const tradeCompany = () =>
  createTestCompany(t, {
    members: { buyer: LIMITED, boss: { role: 'approver' } },
    credit: { status: 'approved', limitCents: 1_000_000, termsDays: 14 },
  });

describe('approving a checkout', () => {
  it('by card: its orders become payable with a new hold, the buyer is mailed', async () => {
    const company = await tradeCompany();
    const { buyer, boss } = company.members as Record<string, TestMember>;
    const saw = await createProduct(db(), { name: 'Approval Saw', priceCents: 15_000 });
    const placed = await awaitingCheckout(buyer!, saw, 1);
    const orderId = placed.orders[0]!._id;
    expect(await markOrderPaid(db(), orderId, 'tx-before-approval')).toBe(false);

    const listed = await approvalsOf(boss!);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      checkoutId: placed.checkoutId,
      buyer: { email: buyer!.email },
      paymentMethod: 'card',
      canApprove: true,
      lines: [{ orderId, productName: 'Approval Saw', quantity: 1 }],
    });
    expect(listed[0]!.total).toBe(placed.totalPrice);
    // The buyer sees their own, not decidable by them.
    expect(await approvalsOf(buyer!)).toMatchObject([
      { checkoutId: placed.checkoutId, canApprove: false },
    ]);

    // The hold it had is nearly over: approving gives a whole new one.
    await db()
      .update(purchase)
      .set({ holdExpiresAt: sql`now() + interval '1 minute'` })
      .where(eq(purchase.id, orderId));
    const res = await approve(boss!, placed.checkoutId);
    expect(res.statusCode, res.body).toBe(200);
    const decided = ApprovalDecisionSchema.parse(res.json());
    expect(decided).toMatchObject({ approval: 'approved', invoiceNumber: null });
    expect(decided.orders[0]).toMatchObject({ stat: 'pending', paid: false, onAccount: false });
    const heldFor = new Date(decided.orders[0]!.reservedUntil!).getTime() - Date.now();
    expect(heldFor).toBeGreaterThan(t.config.orderHoldHours * 3_600_000 - 60_000);
    expect(heldFor).toBeLessThanOrEqual(t.config.orderHoldHours * 3_600_000);
    expect(await checkoutRow(placed.checkoutId)).toMatchObject({
      approval: 'approved',
      approvedBy: boss!.userId,
    });
    expect(await timelineOf(orderId)).toEqual(['placed', 'approval_requested', 'approved']);
    expect(await approvalsOf(boss!)).toEqual([]);

    expect(await queuedMail(placed.checkoutId, 'approved')).toEqual({
      template: 'order.approved',
      checkoutId: placed.checkoutId,
      audience: 'customer',
    });
    // Now it can be paid, once.
    expect(await markOrderPaid(db(), orderId, 'tx-after-approval')).toBe(true);
    // Decided once: a second decision is refused.
    const again = await reject(boss!, placed.checkoutId, 'Too late');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOT_AWAITING_APPROVAL_MESSAGE);
  });

  it('on account: invoiced once with its number, no longer unpaid, the balance unchanged', async () => {
    const company = await tradeCompany();
    const { buyer, boss } = company.members as Record<string, TestMember>;
    const drill = await createProduct(db(), { name: 'Approval Drill', priceCents: 6_000 });
    const placed = await awaitingCheckout(buyer!, drill, 2, 'account');
    const totalCents = Math.round(placed.totalPrice * 100);
    expect(await balanceOf(db(), company.id)).toBe(totalCents);
    expect(await unpaidCheckoutsOf(buyer!)).toBe(1);

    const res = await approve(boss!, placed.checkoutId);
    expect(res.statusCode, res.body).toBe(200);
    const decided = ApprovalDecisionSchema.parse(res.json());
    expect(decided.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(decided.orders[0]).toMatchObject({
      stat: 'pending',
      onAccount: true,
      invoiceNumber: decided.invoiceNumber,
      reservedUntil: null,
    });
    const issued = await db()
      .select()
      .from(invoice)
      .where(eq(invoice.checkoutId, placed.checkoutId));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      organizationId: company.id,
      amountCents: totalCents,
      status: 'open',
      paidCents: 0,
    });
    expect(`INV-${String(issued[0]!.number).padStart(6, '0')}`).toBe(decided.invoiceNumber);
    expect(
      Math.round((issued[0]!.dueAt.getTime() - issued[0]!.issuedAt.getTime()) / 86_400_000),
    ).toBe(14);
    const [order] = await ordersOf(placed.checkoutId);
    expect(order).toMatchObject({ invoiceId: issued[0]!.id, holdExpiresAt: null });
    // Its unpaid time ended: the account's slot is free; the credit it reserved is now owed.
    expect(await unpaidCheckoutsOf(buyer!)).toBe(0);
    expect((await checkoutRow(placed.checkoutId)).unpaidOrders).toBe(0);
    expect(await balanceOf(db(), company.id)).toBe(totalCents);
    expect(await timelineOf(order!.id)).toEqual([
      'placed',
      'approval_requested',
      'approved',
      'invoiced',
    ]);
    // Not twice.
    expect((await approve(boss!, placed.checkoutId)).statusCode).toBe(409);
    expect(
      await db().select().from(invoice).where(eq(invoice.checkoutId, placed.checkoutId)),
    ).toHaveLength(1);
    expect(await queuedMail(placed.checkoutId, 'approved')).toMatchObject({
      template: 'order.approved',
    });
  });
});

describe('rejecting a checkout', () => {
  it('gives back the stock exactly, the credit and the promotion use, and tells the buyer why', async () => {
    const company = await tradeCompany();
    const { buyer, boss } = company.members as Record<string, TestMember>;
    const grinder = await createProduct(db(), {
      name: 'Approval Grinder',
      priceCents: 20_000,
      availableQuantity: 7,
    });
    const promoted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: t.admin.headers,
      payload: {
        name: 'Grinder week',
        kind: 'percent_off',
        percentOff: 10,
        target: { kind: 'products', ids: [grinder.id] },
      },
    });
    expect(promoted.statusCode, promoted.body).toBe(201);
    const placed = await awaitingCheckout(buyer!, grinder, 3, 'account');
    expect(placed.orders[0]!.discount).toBeGreaterThan(0);
    expect((await stockOf(db(), grinder.id))?.available).toBe(4);
    expect(await balanceOf(db(), company.id)).toBe(Math.round(placed.totalPrice * 100));
    const uses = () =>
      db().select().from(promotionUse).where(eq(promotionUse.checkoutId, placed.checkoutId));
    expect((await uses()).map((use) => use.releasedAt)).toEqual([null]);

    const unexplained = await reject(boss!, placed.checkoutId, '  ');
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().fields).toEqual({ reason: REJECT_REASON_REQUIRED });

    const res = await reject(boss!, placed.checkoutId, 'Over the site budget');
    expect(res.statusCode, res.body).toBe(200);
    const decided = ApprovalDecisionSchema.parse(res.json());
    expect(decided).toMatchObject({ approval: 'rejected', invoiceNumber: null });
    expect(decided.orders[0]?.stat).toBe('rejected');
    expect((await stockOf(db(), grinder.id))?.available).toBe(7);
    expect(await balanceOf(db(), company.id)).toBe(0);
    expect((await uses())[0]?.releasedAt).toBeInstanceOf(Date);
    expect(await unpaidCheckoutsOf(buyer!)).toBe(0);
    expect(await checkoutRow(placed.checkoutId)).toMatchObject({
      approval: 'rejected',
      approvalReason: 'Over the site budget',
    });
    expect(await timelineOf(decided.orders[0]!._id)).toEqual([
      'placed',
      'approval_requested',
      'rejected',
    ]);
    expect(
      await db().select().from(invoice).where(eq(invoice.checkoutId, placed.checkoutId)),
    ).toEqual([]);
    // The buyer's mail reads the reason from the checkout when it is sent.
    expect(await queuedMail(placed.checkoutId, 'rejected')).toEqual({
      template: 'order.rejected',
      checkoutId: placed.checkoutId,
      audience: 'customer',
    });
    expect(await queuedMail(placed.checkoutId, 'approved')).toBeUndefined();
    // Once: the stock does not come back twice.
    expect((await reject(boss!, placed.checkoutId, 'Again')).statusCode).toBe(409);
    expect((await stockOf(db(), grinder.id))?.available).toBe(7);
  });
});

describe('who may decide', () => {
  it('nobody their own checkout, nor one above their own order limit', async () => {
    const company = await createTestCompany(t, {
      members: {
        buyer: LIMITED,
        capped: { role: 'approver', orderLimitCents: 10_000 },
        chief: { role: 'admin' },
      },
    });
    const { buyer, capped, chief } = company.members as Record<string, TestMember>;
    const planer = await createProduct(db(), { name: 'Approval Planer', priceCents: 15_000 });
    const own = await awaitingCheckout(capped!, planer, 1);
    const refused = await approve(capped!, own.checkoutId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OWN_ORDER_APPROVAL_MESSAGE);
    expect((await reject(capped!, own.checkoutId, 'Mine')).json().message).toBe(
      OWN_ORDER_APPROVAL_MESSAGE,
    );
    const bigger = await awaitingCheckout(buyer!, planer, 1);
    const above = await approve(capped!, bigger.checkoutId);
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(ABOVE_OWN_LIMIT_MESSAGE);
    expect(
      (await approvalsOf(capped!)).map((approval) => [approval.checkoutId, approval.canApprove]),
    ).toEqual([
      [own.checkoutId, false],
      [bigger.checkoutId, false],
    ]);
    expect((await ordersOf(bigger.checkoutId))[0]?.status).toBe('awaiting_approval');
    // The company's admin, without a limit, approves both.
    expect((await approvalsOf(chief!)).every((approval) => approval.canApprove)).toBe(true);
    expect((await approve(chief!, own.checkoutId)).statusCode).toBe(200);
    expect((await approve(chief!, bigger.checkoutId)).statusCode).toBe(200);
  });

  it('another company’s approver, a buyer, a customer and staff find no such approval (404)', async () => {
    const company = await tradeCompany();
    const other = await createTestCompany(t, { members: { boss: { role: 'admin' } } });
    const { buyer } = company.members as Record<string, TestMember>;
    const router = await createProduct(db(), { name: 'Approval Router', priceCents: 15_000 });
    const placed = await awaitingCheckout(buyer!, router, 1);
    for (const who of [other.members.boss!, buyer!, t.customer, t.admin]) {
      for (const res of [
        await approve(who, placed.checkoutId),
        await reject(who, placed.checkoutId, 'No'),
      ]) {
        expect(res.statusCode, `${who.email}: ${res.body}`).toBe(404);
        expect(res.json().message).toBe(APPROVAL_NOT_FOUND_MESSAGE);
      }
    }
    expect(await approvalsOf(other.members.boss!)).toEqual([]);
    expect(await approvalsOf(t.customer)).toEqual([]);
    expect((await approve(other.members.boss!, 'not-an-id')).statusCode).toBe(404);
    expect((await ordersOf(placed.checkoutId))[0]?.status).toBe('awaiting_approval');
  });
});

describe('decisions racing', () => {
  it('of an approval and a rejection at once, exactly one wins and the other is 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const company = await createTestCompany(t, {
        members: { buyer: LIMITED, one: { role: 'approver' }, two: { role: 'admin' } },
        credit: { status: 'approved', limitCents: 1_000_000 },
      });
      const { buyer, one, two } = company.members as Record<string, TestMember>;
      const vise = await createProduct(db(), {
        name: `Race Vise ${round}`,
        priceCents: 15_000,
        availableQuantity: 10,
      });
      const placed = await awaitingCheckout(buyer!, vise, 2, 'account');
      const [approved, rejected] = await Promise.all([
        approve(one!, placed.checkoutId),
        reject(two!, placed.checkoutId, 'Budget'),
      ]);
      const statuses = [approved.statusCode, rejected.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = approved.statusCode === 409 ? approved : rejected;
      expect(loser.json().message).toBe(NOT_AWAITING_APPROVAL_MESSAGE);
      const [order] = await ordersOf(placed.checkoutId);
      const issued = await db()
        .select()
        .from(invoice)
        .where(eq(invoice.checkoutId, placed.checkoutId));
      if (approved.statusCode === 200) {
        expect(order?.status).toBe('pending');
        expect(issued).toHaveLength(1);
        expect((await stockOf(db(), vise.id))?.available).toBe(8);
        expect(await balanceOf(db(), company.id)).toBe(Math.round(placed.totalPrice * 100));
      } else {
        expect(order?.status).toBe('rejected');
        expect(issued).toHaveLength(0);
        expect((await stockOf(db(), vise.id))?.available).toBe(10);
        expect(await balanceOf(db(), company.id)).toBe(0);
      }
    }
  });
});

describe('an awaiting checkout nobody decided', () => {
  it('expires with its hold: credit and stock come back, and it can no longer be approved', async () => {
    const company = await tradeCompany();
    const { buyer, boss } = company.members as Record<string, TestMember>;
    const sander = await createProduct(db(), {
      name: 'Approval Sander',
      priceCents: 15_000,
      availableQuantity: 6,
    });
    const placed = await awaitingCheckout(buyer!, sander, 2, 'account');
    expect((await stockOf(db(), sander.id))?.available).toBe(4);
    expect(await balanceOf(db(), company.id)).toBeGreaterThan(0);
    await db()
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.checkoutId, placed.checkoutId));
    expect(await expireStaleHolds(db())).toBeGreaterThanOrEqual(1);
    expect((await ordersOf(placed.checkoutId))[0]?.status).toBe('expired');
    expect((await stockOf(db(), sander.id))?.available).toBe(6);
    expect(await balanceOf(db(), company.id)).toBe(0);
    expect(await approvalsOf(boss!)).toEqual([]);
    const late = await approve(boss!, placed.checkoutId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(NOT_AWAITING_APPROVAL_MESSAGE);
  });
});

describe("a company's orders", () => {
  it('are seen by its approvers and admins and by staff; a buyer and another company get 404', async () => {
    const company = await tradeCompany();
    const other = await createTestCompany(t, { members: { boss: { role: 'approver' } } });
    const { buyer, boss } = company.members as Record<string, TestMember>;
    const clamp = await createProduct(db(), { name: 'Company Clamp', priceCents: 2_000 });
    await storeBasket(t, buyer!, [[clamp, 1]]);
    const first = await checkOutBasket(t, buyer!, ADDRESS);
    const second = await awaitingCheckout(buyer!, clamp, 6);
    const url = `/api/companies/${company.id}/orders`;
    const get = (who: SignedIn, path = url) =>
      t.app.inject({ method: 'GET', url: path, headers: who.headers });
    for (const who of [boss!, t.admin]) {
      const res = await get(who);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 2, page: 1, pageSize: 50 });
      expect(body.orders.map((order: { _id: string }) => order._id)).toEqual([
        second.orders[0]!._id,
        first.orders[0]!._id,
      ]);
      expect(body.orders[0]).toMatchObject({ stat: 'awaiting_approval', companyId: company.id });
    }
    expect((await get(boss!, `${url}?page=2`)).json()).toMatchObject({ orders: [], total: 2 });
    for (const who of [buyer!, other.members.boss!, t.customer]) {
      const res = await get(who);
      expect(res.statusCode, `${who.email}`).toBe(404);
    }
    expect((await get(t.admin, '/api/companies/no-such-company/orders')).statusCode).toBe(404);
    expect(
      (await get(other.members.boss!, `/api/companies/${other.id}/orders`)).json(),
    ).toMatchObject({ orders: [], total: 0 });
  });
});
