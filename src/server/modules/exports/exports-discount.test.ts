import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPORT_COLUMNS } from '../../../shared/order-export.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { TEN_PERCENT, discountedOrder } from '../../testing/discounted-orders.ts';
import { setUpCaliforniaTax } from '../../testing/taxed-orders.ts';

// Issue 36: the orders CSV ends with the line's discount and its checkout's promotions, after
// every column it had (in their order).

const t = setUpAppWithAccounts({ customerName: 'Xena Export' });
beforeAll(() => setUpCaliforniaTax(t));

describe('GET /api/purchase1.csv of a discounted order', () => {
  it('adds Discount and Promotions at the end', async () => {
    expect(ORDER_EXPORT_COLUMNS.slice(-4)).toEqual([
      'Shipping Method',
      'Country',
      'Discount',
      'Promotions',
    ]);
    const order = await discountedOrder(t, t.customer, {
      discountCents: 1_500,
      promotions: [
        { ...TEN_PERCENT, discountCents: 1_000 },
        {
          promotionId: '00000000-0000-4000-8000-000000000037',
          name: 'Spring, saws',
          code: null,
          kind: 'amount_off',
          discountCents: 500,
          shippingDiscountCents: 0,
        },
      ],
    });
    const res = await t.app.inject({ url: '/api/purchase1.csv', headers: t.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = res.body.slice(1).split('\r\n').filter(Boolean);
    expect(header!.endsWith(',Discount,Promotions')).toBe(true);
    const row = rows.find((line) => line.startsWith(order._id))!;
    // 100.00 − 15.00 = 85.00, tax 6.16 (6.1625), shipping 10.00 and 0.73: amount 101.89.
    expect(row).toContain(',101.89,');
    expect(row.endsWith(',15.00,"Ten off tools (TOOLS10); Spring, saws"')).toBe(true);
  });
});
