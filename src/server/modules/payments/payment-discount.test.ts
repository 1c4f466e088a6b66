import { describe, expect, it } from 'vitest';
import { PaymentIntentResponseSchema } from '../../../shared/payment.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { setDiscount } from '../../testing/discounted-orders.ts';
import { createProduct } from '../../testing/factories.ts';
import { askPaymentIntent, checkOutBasket, storeBasket } from '../../testing/orders.ts';

// Issue 36: a payment charges the checkout's orders' amounts, which are after their share of the
// promotions' discounts: never the prices before them.

const t = setUpAppWithAccounts({ customerName: 'Paula Payment' });
const cents = (dollars: number) => Math.round(dollars * 100);

describe('paying a discounted checkout', () => {
  it('charges the lines net of their discounts', async () => {
    const a = await createProduct(t.database.db, { priceCents: 12_000 });
    const b = await createProduct(t.database.db, { priceCents: 3_333 });
    await storeBasket(t, t.customer, [
      [a, 2],
      [b, 3],
    ]);
    const placed = await checkOutBasket(t, t.customer);
    const [first, second] = placed.orders;
    if (!first || !second) throw new Error('two orders expected');
    // 2400 and 777 off, the tax as placed (this address has none or its own: kept).
    const discounts = [2_400, 777];
    for (const [index, order] of [first, second].entries())
      await setDiscount(t, order._id, discounts[index]!, { taxCents: cents(order.tax) });
    const expected = [first, second].reduce(
      (sum, order, index) =>
        sum +
        cents(order.totalPrice) -
        discounts[index]! +
        cents(order.tax) +
        cents(order.shipping) +
        cents(order.shippingTax),
      0,
    );
    const res = await askPaymentIntent(t, t.customer, { checkoutId: placed.checkoutId });
    expect(res.statusCode, res.body).toBe(200);
    expect(PaymentIntentResponseSchema.parse(res.json()).amount).toBe(expected);
    // The order API says the same: each order's amount is after its discount.
    expect(
      (
        await t.app.inject({ url: `/api/purchase/${first._id}`, headers: t.customer.headers })
      ).json(),
    ).toMatchObject({ discount: 24, amount: (cents(first.amount) - 2_400) / 100 });
  });
});
