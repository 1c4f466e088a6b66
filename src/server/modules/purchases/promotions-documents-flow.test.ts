import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RefundSchema } from '../../../shared/aftersale.ts';
import { CheckoutPlacedSchema } from '../../../shared/checkout.ts';
import { CheckoutQuoteSchema } from '../../../shared/pricing.ts';
import { PurchaseSchema } from '../../../shared/purchase.ts';
import { orderAftersale, promotion, promotionCode } from '../../db/schema.ts';
import { mailTo, payWithTestCard } from '../../testing/aftersale.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct } from '../../testing/factories.ts';
import { storeBasket, tryCheckOut } from '../../testing/orders.ts';
import { pdfText } from '../../testing/pdf-text.ts';

// Issue 36, through the real pricing step and order statement: a code's discount placed on the
// lines is what the order API, the receipt and the payment show, and what refunds return.

const t = setUpAppWithAccounts({ customerName: 'Flora Flow' });
const db = () => t.database.db;
const ADDRESS = { address: '1 Promotion Street' };

describe('a checkout placed with a code, then paid and refunded', () => {
  it('shows the discount everywhere and refunds what was paid after it', async () => {
    const [made] = await db()
      .insert(promotion)
      .values({ name: 'Flow ten', kind: 'percent_off', percentPpm: 100_000, codeMode: 'code' })
      .returning();
    await db().insert(promotionCode).values({ promotionId: made!.id, code: 'FLOW10' });
    const saw = await createProduct(db(), { name: 'Flow Saw', priceCents: 3_333 });
    await storeBasket(t, t.customer, [[saw, 3]]);
    const quoted = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: t.customer.headers,
      payload: { ...ADDRESS, codes: ['flow10'] },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = CheckoutQuoteSchema.parse(quoted.json());
    const res = await tryCheckOut(t, t.customer, {
      ...ADDRESS,
      codes: ['FLOW10'],
      quoteId: quote.quoteId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = CheckoutPlacedSchema.parse(res.json()).orders;
    // 3 × 33.33 = 99.99; 10% = 9.999 → 10.00 off: 89.99 (no tax or shipping to this address).
    expect(order).toMatchObject({ totalPrice: 99.99, discount: 10, amount: 89.99 });
    await payWithTestCard(t, t.customer, order!);
    // The mail of the placed checkout names the promotion, its code and saving.
    const placedMail = await mailTo(t, t.customer.email, 'Order received: Flow Saw');
    const mailText = placedMail.text.replace(/\s+/g, ' ');
    expect(mailText).toContain('Discount: -$10.00');
    expect(mailText).toContain('Promotion: Flow ten (code FLOW10): -$10.00');
    expect(mailText).toContain('Total: $89.99');

    const read = await t.app.inject({
      url: `/api/purchase/${order!._id}`,
      headers: t.customer.headers,
    });
    expect(PurchaseSchema.parse(read.json())).toMatchObject({
      paid: true,
      discount: 10,
      amount: 89.99,
      promotions: [{ name: 'Flow ten', code: 'FLOW10', discount: 10 }],
    });
    const receipt = await t.app.inject({
      url: `/api/purchase/${order!._id}/receipt`,
      headers: t.customer.headers,
    });
    const text = (await pdfText(receipt.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Discount: -$10.00');
    expect(text).toContain('Promotion: Flow ten (code FLOW10): -$10.00');
    expect(text).toContain('Total paid: $89.99');

    // One unit, then two: 8999 / 3 = 2999.67 → 3000, then 8999 − 3000 = 5999: 89.99 in all.
    const refund = async (quantity: number) => {
      const made = await t.app.inject({
        method: 'POST',
        url: `/api/purchase/${order!._id}/refunds`,
        headers: t.admin.headers,
        payload: { quantity, reason: `${quantity} back` },
      });
      expect(made.statusCode, made.body).toBe(201);
      return RefundSchema.parse(made.json());
    };
    expect(await refund(1)).toMatchObject({ amount: 30, discount: 3.33 });
    expect(await refund(2)).toMatchObject({ amount: 59.99, discount: 6.67 });
    const [counters] = await db()
      .select()
      .from(orderAftersale)
      .where(eq(orderAftersale.purchaseId, order!._id));
    expect(counters).toMatchObject({ paidCents: 8_999, refundedCents: 8_999 });
  });
});
