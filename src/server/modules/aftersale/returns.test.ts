import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MyAftersaleSchema, ReturnSchema, type OrderReturn } from '../../../shared/aftersale.ts';
import { PurchaseDetailSchema } from '../../../shared/purchase.ts';
import { orderEvent } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { stockOf } from '../../testing/factories.ts';
import { mailTo, paidOrder } from '../../testing/aftersale.ts';

// Returns: the customer asks within the window for at most what is left; admins approve or
// reject, receive (restocking or not) and refund; each step once.

const t = setUpAppWithAccounts({ customerName: 'Rosa Return' });

const ask = (id: string, payload: object, who = t.customer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchase/${id}/returns`,
    headers: who.headers,
    payload,
  });
const act = (id: string, action: string, payload?: object, who = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/returns/${id}/${action}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });
const shipped = (quantity = 3) =>
  paidOrder(t, t.customer, { admin: t.admin, ship: true, quantity, name: 'Circular Saw' });

describe('POST /api/purchase/{id}/returns', () => {
  it('takes a return of a shipped order, at most the units not already being returned', async () => {
    const { order } = await shipped(3);
    const first = await ask(order._id, {
      quantity: 2,
      reason: 'Defective or damaged',
      note: 'Blade wobbles',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(ReturnSchema.parse(first.json())).toMatchObject({
      quantity: 2,
      status: 'requested',
      value: 200,
    });
    const tooMany = await ask(order._id, { quantity: 2, reason: 'Wrong item' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      message: 'Quantity can be at most 1 (ordered minus already being returned).',
    });
    expect((await ask(order._id, { quantity: 1, reason: 'Wrong item' })).statusCode).toBe(201);
    expect((await ask(order._id, { quantity: 1, reason: 'Wrong item' })).statusCode).toBe(409);
    const detail = PurchaseDetailSchema.parse(
      (
        await t.app.inject({ url: `/api/purchase/${order._id}`, headers: t.customer.headers })
      ).json(),
    );
    expect(detail.timeline.filter((e) => e.event === 'return_requested')).toHaveLength(2);
  });

  it('parallel requests never return more than was ordered', async () => {
    const { order } = await shipped(3);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => ask(order._id, { quantity: 1, reason: 'Other' })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
  });

  it('only on shipped orders, within 30 days of shipping, by their customer', async () => {
    const { order: unshipped } = await paidOrder(t, t.customer, { quantity: 1 });
    expect((await ask(unshipped._id, { quantity: 1, reason: 'Other' })).statusCode).toBe(409);
    const { order } = await shipped(1);
    expect((await ask(order._id, { quantity: 1, reason: 'Other' }, t.other)).statusCode).toBe(404);
    await t.database.db
      .update(orderEvent)
      .set({ at: sql`now() - interval '31 days'` })
      .where(eq(orderEvent.purchaseId, order._id));
    const late = await ask(order._id, { quantity: 1, reason: 'Other' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      message: 'Returns are possible for 30 days after the order shipped.',
    });
  });

  it('refuses bad input with 400', async () => {
    const { order } = await shipped(1);
    for (const payload of [
      { quantity: 0, reason: 'Other' },
      { quantity: 1.5, reason: 'Other' },
      { quantity: 1, reason: 'I just felt like it' },
      { quantity: 1, reason: 'Other', note: 'bad\u0000note' },
    ])
      expect((await ask(order._id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });
});

describe('the admin side of a return', () => {
  it('approve (mail with instructions) → receive with restock → refund the units', async () => {
    const { order, productId } = await shipped(2);
    const made = ReturnSchema.parse(
      (await ask(order._id, { quantity: 1, reason: 'Defective or damaged' })).json(),
    );
    expect((await act(made._id, 'approve', undefined, t.customer)).statusCode).toBe(403);
    expect((await act(made._id, 'receive', { restock: true })).statusCode).toBe(409);
    const approved = await act(made._id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await act(made._id, 'approve')).statusCode).toBe(409);
    const mail = await mailTo(t, t.customer.email, 'Return approved: Circular Saw');
    expect(mail.text).toContain('Pack the tool');
    const stock = (await stockOf(t.database.db, productId))!.available;
    const received = await act(made._id, 'receive', { restock: true });
    expect(ReturnSchema.parse(received.json())).toMatchObject({
      status: 'received',
      restocked: true,
    });
    expect((await stockOf(t.database.db, productId))!.available).toBe(stock + 1);
    const refunded = await act(made._id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(ReturnSchema.parse(refunded.json()).status).toBe('refunded');
    expect((await act(made._id, 'refund')).statusCode).toBe(409);
    const mine = MyAftersaleSchema.parse(
      (await t.app.inject({ url: '/api/aftersale/mine', headers: t.customer.headers })).json(),
    );
    expect(mine[order._id]).toMatchObject({ refunded: 100, returnable: 1 });
    const list = (
      await t.app.inject({ url: '/api/returns', headers: t.admin.headers })
    ).json() as OrderReturn[];
    expect(list.find((r) => r._id === made._id)?.status).toBe('refunded');
  });

  it('reject with a reason frees the units and tells the customer why; receiving without restock keeps the stock', async () => {
    const { order, productId } = await shipped(1);
    const made = ReturnSchema.parse(
      (await ask(order._id, { quantity: 1, reason: 'No longer needed' })).json(),
    );
    expect((await act(made._id, 'reject', { reason: '' })).statusCode).toBe(400);
    const rejected = await act(made._id, 'reject', { reason: 'Used beyond testing' });
    expect(ReturnSchema.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      rejectReason: 'Used beyond testing',
    });
    const mail = await mailTo(t, t.customer.email, 'Return not accepted: Circular Saw');
    expect(mail.text).toContain('Reason: Used beyond testing');
    const again = ReturnSchema.parse(
      (await ask(order._id, { quantity: 1, reason: 'Defective or damaged' })).json(),
    );
    await act(again._id, 'approve');
    const stock = (await stockOf(t.database.db, productId))!.available;
    await act(again._id, 'receive', { restock: false });
    expect((await stockOf(t.database.db, productId))!.available).toBe(stock);
  });

  it('lists returns for admins only', async () => {
    expect(
      (await t.app.inject({ url: '/api/returns', headers: t.customer.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/returns', headers: t.admin.headers })).statusCode).toBe(
      200,
    );
  });
});
