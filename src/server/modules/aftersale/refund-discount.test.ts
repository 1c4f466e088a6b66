import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RefundSchema, ReturnListSchema, ReturnSchema } from '../../../shared/aftersale.ts';
import { orderAftersale, purchase } from '../../db/schema.ts';
import { returnedIntoStock } from '../../testing/aftersale.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { californiaTaxOf, discountedOrder } from '../../testing/discounted-orders.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { setUpCaliforniaTax } from '../../testing/taxed-orders.ts';

// Issue 36: a refund of a line returns what was paid for it after its share of the promotions'
// discounts: all of it for every unit (its amount), the units' share of the net after discount
// and of its tax for some, to the cent over any steps. The default order: 4 × $25.00 to
// California (7.25%), shipping $10.00 (tax 73); with $10.00 off: net 9000, tax 653 (652.5 half
// up), amount 9000 + 653 + 1000 + 73 = 10726 cents.

const t = setUpAppWithAccounts({ customerName: 'Dana Discount' });
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
const countersOf = async (id: string) => {
  const [row] = await t.database.db
    .select()
    .from(orderAftersale)
    .where(eq(orderAftersale.purchaseId, id));
  return row;
};

describe('refunds of a discounted order', () => {
  it('a full refund returns the amount paid, after the discount, not the price before it', async () => {
    const order = await discountedOrder(t, t.customer, { discountCents: 1_000 });
    const [line] = await t.database.db
      .select({ amountCents: purchase.amountCents })
      .from(purchase)
      .where(eq(purchase.id, order._id));
    expect(line?.amountCents).toBe(10_726);
    const all = await made(order._id, { quantity: 4, refundShipping: true, reason: 'All back' });
    expect(all).toMatchObject({
      quantity: 4,
      net: 90,
      discount: 10,
      tax: 6.53,
      shipping: 10,
      shippingTax: 0.73,
      amount: 107.26,
    });
    expect(await countersOf(order._id)).toMatchObject({
      paidCents: 10_726,
      refundedCents: 10_726,
    });
    expect((await refundOf(order._id, { amount: 0.01, reason: 'Cent' })).statusCode).toBe(409);
  });

  it('partial refunds return the units share after the discount, the last one exactly the rest', async () => {
    // $10.01 off: net 8999, tax 652 (652.43 rounded), amount 8999 + 652 + 1000 + 73 = 10724.
    const order = await discountedOrder(t, t.customer, { discountCents: 1_001 });
    const first = await made(order._id, { quantity: 1, reason: 'One' });
    // 8999 / 4 = 2249.75 → 2250; tax 652 / 4 = 163; discount 1001 / 4 = 250.25 → 250.
    expect(first).toMatchObject({
      quantity: 1,
      net: 22.5,
      discount: 2.5,
      tax: 1.63,
      amount: 24.13,
    });
    const second = await made(order._id, { quantity: 1, reason: 'Two' });
    // share(2) − share(1): 4500 − 2250, 326 − 163, 501 − 250.
    expect(second).toMatchObject({ net: 22.5, discount: 2.51, tax: 1.63, amount: 24.13 });
    const last = await made(order._id, { quantity: 2, refundShipping: true, reason: 'Rest' });
    expect(last).toMatchObject({
      net: 44.99,
      discount: 5,
      tax: 3.26,
      shipping: 10,
      shippingTax: 0.73,
      amount: 58.98,
    });
    expect(cents(first.amount) + cents(second.amount) + cents(last.amount)).toBe(10_724);
    expect(await countersOf(order._id)).toMatchObject({
      paidCents: 10_724,
      refundedCents: 10_724,
    });
  });

  it('an amount refund is bounded by the goods as paid, after the discount', async () => {
    const order = await discountedOrder(t, t.customer, { discountCents: 1_000 });
    // The goods as paid: 90.00 + 6.53 tax; their price before the discount would allow 100.00.
    const over = await refundOf(order._id, { amount: 96.54, reason: 'Over' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: expect.stringContaining('at most $96.53') });
    const goodwill = await made(order._id, { amount: 9.65, reason: 'Goodwill' });
    expect(goodwill).toMatchObject({ net: 9, tax: 0.65, discount: 0 });
    // The units after it: still never beyond what is left of what was paid for the goods.
    const rest = await made(order._id, { quantity: 4, reason: 'Rest' });
    expect(cents(goodwill.amount) + cents(rest.amount)).toBe(9_000 + 653);
  });

  it('random discounts refunded in random steps return exactly what was paid', async () => {
    let seed = 3_600;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (let run = 0; run < 12; run += 1) {
      const quantity = 1 + random(7);
      const priceCents = 1 + random(40_000);
      const totalCents = quantity * priceCents;
      const discountCents = run === 0 ? totalCents : random(totalCents + 1);
      const order = await discountedOrder(t, t.customer, { quantity, priceCents, discountCents });
      // Independent of the code: what the payment charged, from the order's own numbers.
      const taxCents = californiaTaxOf(totalCents - discountCents);
      const paidCents = totalCents - discountCents + taxCents + 1_000 + 73;
      let unitsLeft = quantity;
      let refunded = 0;
      let discountBack = 0;
      while (unitsLeft > 0) {
        const units = 1 + random(unitsLeft);
        const res = await refundOf(order._id, {
          quantity: units,
          refundShipping: random(3) === 0,
          reason: `Step ${units}`,
        });
        unitsLeft -= units;
        // A line given free has no goods to refund: its units alone return nothing (409).
        if (discountCents === totalCents && res.statusCode === 409) continue;
        expect(res.statusCode, res.body).toBe(201);
        const step = RefundSchema.parse(res.json());
        refunded += cents(step.amount);
        discountBack += cents(step.discount);
        expect(refunded).toBeLessThanOrEqual(paidCents);
      }
      const shipping = await refundOf(order._id, { refundShipping: true, reason: 'Shipping' });
      if (shipping.statusCode === 201)
        refunded += cents(RefundSchema.parse(shipping.json()).amount);
      else expect(shipping.statusCode).toBe(409);
      expect(refunded).toBe(paidCents);
      expect(discountBack).toBe(discountCents);
      expect(await countersOf(order._id)).toMatchObject({
        paidCents,
        refundedCents: paidCents,
      });
    }
  });

  it("a return's refund returns its units after the discount", async () => {
    const order = await discountedOrder(t, t.customer, { discountCents: 1_000 });
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${order._id}`,
      headers: t.admin.headers,
      payload: { stat: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const returnId = await returnedIntoStock(t, t.customer, t.admin, order._id, 2);
    // 2 of 4 units: 4500 net after discount and 327 tax (653 / 2 = 326.5, half up).
    const listed = await t.app.inject({ url: '/api/returns', headers: t.admin.headers });
    const before = ReturnListSchema.parse(listed.json()).find((r) => r._id === returnId);
    expect(before?.value).toBe(48.27);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/returns/${returnId}/refund`,
      headers: t.admin.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ReturnSchema.parse(res.json())).toMatchObject({ status: 'refunded', value: 48.27 });
    expect((await countersOf(order._id))?.refundedCents).toBe(4_827);
  });

  it('the credit note shows the discount of the units refunded', async () => {
    const order = await discountedOrder(t, t.customer, {
      discountCents: 1_000,
      name: 'Discounted Sander',
    });
    const refund = await made(order._id, { quantity: 2, reason: 'Two back' });
    const pdf = await t.app.inject({
      url: `/api/refunds/${refund._id}/credit-note`,
      headers: t.customer.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Order discount (promotions): -$10.00');
    expect(text).toContain('Discount on the units refunded: -$5.00');
    expect(text).toContain('Goods refunded (net): $45.00');
    // 653 / 2 = 326.5 → 327.
    expect(text).toContain('Tax refunded: $3.27');
    expect(text).toContain('Amount refunded: $48.27');
  });
});
