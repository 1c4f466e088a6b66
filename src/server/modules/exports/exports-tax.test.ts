import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPORT_COLUMNS } from '../../../shared/order-export.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import {
  SHIPPING_METHOD_NAME,
  setUpCaliforniaTax,
  taxedOrder,
} from '../../testing/taxed-orders.ts';
import { CSV_BOM } from '../csv/csv.ts';

// Issue 35: the orders CSV has the line's tax, shipping share, shipping tax, amount, shipping
// method and country as stored, after the columns it always had (in their order).

const t = setUpAppWithAccounts({ customerName: 'Xavier Export' });
beforeAll(() => setUpCaliforniaTax(t));

describe('GET /api/purchase1.csv of a taxed order', () => {
  it('keeps the old columns first and adds tax, shipping, amount, method and country', async () => {
    expect(ORDER_EXPORT_COLUMNS.slice(0, 16)).toEqual([
      'Order ID',
      'Date',
      'Customer',
      'Email',
      'Product',
      'Quantity',
      'Unit Price',
      'Total',
      'Status',
      'Paid',
      'Transaction ID',
      'Checkout',
      'PO Reference',
      'Refunded',
      'SKU',
      'Variant',
    ]);
    const order = await taxedOrder(t, t.customer, { name: 'Exported Sander' });
    const res = await t.app.inject({ url: '/api/purchase1.csv', headers: t.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    const [header, ...rows] = res.body.slice(1).split('\r\n').filter(Boolean);
    const columns = header!.split(',');
    const row = rows.find((line) => line.startsWith(order._id))!.split(',');
    const cell = (name: string) => row[columns.indexOf(name)];
    expect(cell('Total')).toBe('100.00');
    expect(cell('Tax')).toBe('7.25');
    expect(cell('Shipping')).toBe('10.00');
    expect(cell('Shipping Tax')).toBe('0.73');
    expect(cell('Amount')).toBe('117.98');
    expect(cell('Shipping Method')).toBe(SHIPPING_METHOD_NAME);
    expect(cell('Country')).toBe('US');
  });
});
