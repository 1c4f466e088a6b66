import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RefundSchema, ReturnListSchema, ReturnSchema } from '../../../shared/aftersale.ts';
import { orderAftersale } from '../../db/schema.ts';
import { mailTo, returnedIntoStock } from '../../testing/aftersale.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { setUpCaliforniaTax, taxedOrder } from '../../testing/taxed-orders.ts';

// Issue 35: a refund returns a line's tax with its units, to the cent however they are refunded,
// and its shipping share (with that shipping's tax) only when staff choose; never more than the
// line cost. The default taxed order: 4 × $25.00 to California (7.25%), shipping $10.00:
//   net 10000, tax 725, shipping 1000, shipping tax 73, amount 11798 (cents).

const t = setUpAppWithAccounts({ customerName: 'Tessa Tax' });
beforeAll(() => setUpCaliforniaTax(t));

const refundOf = (id: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchase/${id}/refunds`,
    headers: t.admin.headers,
    payload,
  });
const made = async (id: string, payload: object) => {
  const res = await refundOf(id, payload);
  expect(res.statusCode, res.body).toBe(201);
  return RefundSchema.parse(res.json());
};
const cents = (dollars: number) => Math.round(dollars * 100);

describe('refunds of a taxed order', () => {
  it('returns exactly the line tax over two partial refunds, and shipping only when chosen', async () => {
    const order = await taxedOrder(t, t.customer);
    expect([order.totalPrice, order.tax, order.shipping, order.shippingTax, order.amount]).toEqual([
      100, 7.25, 10, 0.73, 117.98,
    ]);
    // 2 of 4 units: half the tax is 362.5 cents, rounded half up; the other half gets the rest.
    const first = await made(order._id, { quantity: 2, reason: 'Two units' });
    expect(first).toMatchObject({ quantity: 2, net: 50, tax: 3.63, shipping: 0, shippingTax: 0 });
    expect(first.amount).toBe(53.63);
    const second = await made(order._id, { quantity: 2, reason: 'Two more' });
    expect(second).toMatchObject({ quantity: 2, net: 50, tax: 3.62, shipping: 0, shippingTax: 0 });
    expect(cents(first.tax) + cents(second.tax)).toBe(725);
    // Every unit is refunded; the shipping stays until staff choose to refund it.
    const more = await refundOf(order._id, { quantity: 1, reason: 'One too many' });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ message: 'Every unit of this order is already refunded.' });
    const shipping = await made(order._id, { refundShipping: true, reason: 'Shipping' });
    expect(shipping).toMatchObject({
      quantity: 0,
      net: 0,
      tax: 0,
      shipping: 10,
      shippingTax: 0.73,
    });
    // All of it, to the cent, and nothing beyond.
    const [row] = await t.database.db
      .select()
      .from(orderAftersale)
      .where(eq(orderAftersale.purchaseId, order._id));
    expect(row).toMatchObject({ paidCents: 11_798, refundedCents: 11_798 });
    const nothing = await refundOf(order._id, { refundShipping: true, reason: 'Again' });
    expect(nothing.statusCode).toBe(409);
    expect((await refundOf(order._id, { amount: 0.01, reason: 'Cent' })).statusCode).toBe(409);
  });

  it('refunds a unit with the shipping share when staff choose, and the rest of the tax after', async () => {
    const order = await taxedOrder(t, t.customer);
    const first = await made(order._id, { quantity: 1, refundShipping: true, reason: 'Late' });
    // One unit: 725 / 4 = 181.25 → 181; the shipping and its tax in full.
    expect(first).toMatchObject({ net: 25, tax: 1.81, shipping: 10, shippingTax: 0.73 });
    expect(first.amount).toBe(37.54);
    const rest = await made(order._id, { quantity: 3, refundShipping: true, reason: 'Rest' });
    // The shipping was refunded already: asking again returns none of it twice.
    expect(rest).toMatchObject({ net: 75, tax: 5.44, shipping: 0, shippingTax: 0 });
    expect(cents(first.amount) + cents(rest.amount)).toBe(11_798);
  });

  it('refuses more units than were ordered, and an amount beyond the goods left', async () => {
    const order = await taxedOrder(t, t.customer);
    const tooMany = await refundOf(order._id, { quantity: 5, reason: 'Five' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      message: 'Quantity can be at most 4 (ordered minus already refunded).',
    });
    // Without shipping, the goods (100.00 + 7.25 tax) are what an amount can return.
    const over = await refundOf(order._id, { amount: 107.26, reason: 'Over' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: expect.stringContaining('at most $107.25') });
    // An amount of the goods carries its tax in proportion: 10.725 of 107.25 is tax.
    const part = await made(order._id, { amount: 10.73, reason: 'Goodwill' });
    expect(part).toMatchObject({ net: 10, tax: 0.73 });
    expect((await refundOf(order._id, { amount: 1, quantity: 1, reason: 'Both' })).statusCode).toBe(
      400,
    );
    expect((await refundOf(order._id, { reason: 'Nothing said' })).statusCode).toBe(400);
  });

  it("a return's refund carries its units' tax, and shipping when asked", async () => {
    const order = await taxedOrder(t, t.customer);
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${order._id}`,
      headers: t.admin.headers,
      payload: { stat: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const returnId = await returnedIntoStock(t, t.customer, t.admin, order._id, 2);
    // The Returns list offers the refund of the units with their tax: 50.00 + 3.63.
    const listed = await t.app.inject({ url: '/api/returns', headers: t.admin.headers });
    const before = ReturnListSchema.parse(listed.json()).find((r) => r._id === returnId);
    expect(before?.value).toBe(53.63);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/returns/${returnId}/refund`,
      headers: t.admin.headers,
      payload: { refundShipping: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunded = ReturnSchema.parse(res.json());
    expect(refunded).toMatchObject({ status: 'refunded', value: 53.63 });
    const [row] = await t.database.db
      .select()
      .from(orderAftersale)
      .where(eq(orderAftersale.purchaseId, order._id));
    // 2 units (5000 + 363 tax) and the shipping (1000 + 73).
    expect(row?.refundedCents).toBe(5_000 + 363 + 1_000 + 73);
  });

  it("the credit note shows the refund's net, tax and shipping as stored", async () => {
    const order = await taxedOrder(t, t.customer, { name: 'Taxed Planer' });
    const refund = await made(order._id, { quantity: 2, refundShipping: true, reason: 'Dented' });
    const pdf = await t.app.inject({
      url: `/api/refunds/${refund._id}/credit-note`,
      headers: t.customer.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    const mail = await mailTo(t, t.customer.email, 'Refund of $64.36');
    expect(mail.text.replace(/\s+/g, ' ')).toContain(
      'Of which goods $50.00, tax $4.36, shipping $10.00.',
    );
    expect(text).toContain('Units refunded: 2');
    expect(text).toContain('Goods refunded (net): $50.00');
    expect(text).toContain('Tax refunded: $3.63');
    expect(text).toContain('Shipping refunded: $10.00');
    expect(text).toContain('Tax on shipping refunded: $0.73');
    expect(text).toContain('Amount refunded: $64.36');
    expect(text).toContain('Order amount with tax and shipping: $117.98');
  });
});
