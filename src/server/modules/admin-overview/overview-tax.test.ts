import { beforeAll, describe, expect, it } from 'vitest';
import { OverviewSchema } from '../../../shared/admin-overview.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { setUpCaliforniaTax, taxedOrder } from '../../testing/taxed-orders.ts';

// Issue 35: revenue stays the goods' net; the tax collected (goods and shipping) and the shipping
// charged are shown apart, as stored on the orders, each net of what refunds returned of it.
// The taxed order: net 100.00, tax 7.25 + 0.73 on shipping, shipping 10.00.

const t = setUpAppWithAccounts({ customerName: 'Olga Overview' });
beforeAll(() => setUpCaliforniaTax(t));

const overview = async () =>
  OverviewSchema.parse(
    (
      await t.app.inject({ url: '/api/admin/overview?days=7&tz=UTC', headers: t.admin.headers })
    ).json(),
  );

describe('GET /api/admin/overview with tax and shipping', () => {
  it('counts revenue net of tax and shipping, and shows both apart, net of refunds', async () => {
    const order = await taxedOrder(t, t.customer);
    const paid = await overview();
    expect(paid).toMatchObject({
      revenue: 100,
      taxCollected: 7.98,
      shippingCharged: 10,
      paidOrders: 1,
    });
    // 2 of 4 units (50.00 and 3.63 tax) and the shipping (10.00 and 0.73) come back.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/purchase/${order._id}/refunds`,
      headers: t.admin.headers,
      payload: { quantity: 2, refundShipping: true, reason: 'Half' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await overview()).toMatchObject({ revenue: 50, taxCollected: 3.62, shippingCharged: 0 });
  });
});
