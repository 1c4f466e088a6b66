import { beforeAll, describe, expect, it } from 'vitest';
import { PurchaseSchema } from '../../../shared/purchase.ts';
import { mailTo } from '../../testing/aftersale.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { discountedOrder } from '../../testing/discounted-orders.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { SHIPPING_METHOD_NAME, setUpCaliforniaTax } from '../../testing/taxed-orders.ts';

// Issue 36: the receipt, the order mails and the order API show the stored discount and the
// checkout's promotions. 4 × $25.00 to California with $10.00 off ("Ten off tools", code
// TOOLS10): subtotal $100.00, discount -$10.00, shipping $10.00, tax $7.26 (6.53 on the
// discounted 90.00 + 0.73 on shipping), total $107.26.

const t = setUpAppWithAccounts({ customerName: 'Petra Promo' });
beforeAll(() => setUpCaliforniaTax(t));

const flat = (text: string) => text.replace(/\s+/g, ' ');

const expectDiscountRows = (text: string) => {
  expect(text).toContain('Subtotal: $100.00');
  expect(text).toContain('Discount: -$10.00');
  expect(text).toContain('Promotion: Ten off tools (code TOOLS10): -$10.00');
  expect(text).toContain(`Shipping (${SHIPPING_METHOD_NAME}): $10.00`);
  expect(text).toContain('Tax: $7.26');
  expect(text).toContain('Total: $107.26');
};

describe('documents of a discounted order', () => {
  it('the receipt shows the discount, each promotion and the total paid after it', async () => {
    const order = await discountedOrder(t, t.customer, {
      discountCents: 1_000,
      name: 'Receipt Planer',
    });
    const res = await t.app.inject({
      url: `/api/purchase/${order._id}/receipt`,
      headers: t.customer.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = flat(await pdfText(res.rawPayload));
    expectDiscountRows(text);
    expect(text).toContain('Total paid: $107.26');
  });

  it('the received and paid mails show the promotion, its code and saving, and the discount', async () => {
    await discountedOrder(t, t.customer, { discountCents: 1_000, name: 'Mailed Jigsaw' });
    // The placed mail may be sent before the test sets the discount (discounted-orders.ts); the
    // paid mail, written after, reads the same columns.
    const paid = await mailTo(t, t.customer.email, 'Payment received: Mailed Jigsaw');
    expectDiscountRows(flat(paid.text));
    expect(paid.text).toContain('We received your payment of $107.26');
    const admins = await mailTo(t, t.admin.email, 'New paid order ready to ship: Mailed Jigsaw');
    expect(flat(admins.text)).toContain('paid $107.26 for this order');
  });

  it('the order API answers the discount and the checkout promotions', async () => {
    const order = await discountedOrder(t, t.customer, { discountCents: 1_000 });
    const res = await t.app.inject({
      url: `/api/purchase/${order._id}`,
      headers: t.customer.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PurchaseSchema.parse(res.json())).toMatchObject({
      totalPrice: 100,
      discount: 10,
      tax: 6.53,
      amount: 107.26,
      promotions: [
        {
          name: 'Ten off tools',
          code: 'TOOLS10',
          kind: 'percent_off',
          discount: 10,
          shippingDiscount: 0,
        },
      ],
    });
    const mine = await t.app.inject({
      url: `/api/purchase?customerEmail=${encodeURIComponent(t.customer.email)}`,
      headers: t.customer.headers,
    });
    const listed = PurchaseSchema.array()
      .parse(mine.json())
      .find((o) => o._id === order._id);
    expect(listed).toMatchObject({ discount: 10, promotions: [{ name: 'Ten off tools' }] });
  });
});
