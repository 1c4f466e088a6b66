import { beforeAll, describe, expect, it } from 'vitest';
import { OverviewSchema } from '../../../shared/admin-overview.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { discountedOrder } from '../../testing/discounted-orders.ts';
import { setUpCaliforniaTax } from '../../testing/taxed-orders.ts';

// Issue 36: revenue is the goods as paid, after the promotions' discount; the discount given is
// shown apart, net of the discount of the units refunded. The order: 4 × $25.00 with $10.00 off
// (goods 90.00, tax 6.53 + 0.73 on shipping, shipping 10.00).

const t = setUpAppWithAccounts({ customerName: 'Olive Overview' });
beforeAll(() => setUpCaliforniaTax(t));

const overview = async () =>
  OverviewSchema.parse(
    (
      await t.app.inject({ url: '/api/admin/overview?days=7&tz=UTC', headers: t.admin.headers })
    ).json(),
  );

describe('GET /api/admin/overview with promotions', () => {
  it('counts revenue after the discount, and the discount given apart, net of refunds', async () => {
    const order = await discountedOrder(t, t.customer, { discountCents: 1_000 });
    expect(await overview()).toMatchObject({
      revenue: 90,
      discountGiven: 10,
      taxCollected: 7.26,
      shippingCharged: 10,
      paidOrders: 1,
      topProducts: [{ revenue: 90, quantity: 4 }],
    });
    // 2 of 4 units come back: 45.00 of the goods as paid, and their 5.00 of the discount.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/purchase/${order._id}/refunds`,
      headers: t.admin.headers,
      payload: { quantity: 2, reason: 'Half' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await overview()).toMatchObject({ revenue: 45, discountGiven: 5 });
  });
});
