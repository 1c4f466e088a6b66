import { beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../testing/aftersale.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import {
  SHIPPING_METHOD_NAME,
  setUpCaliforniaTax,
  taxedOrder,
} from '../../testing/taxed-orders.ts';

// Issue 35: the receipt and the order mails show the order's shipping and tax as stored on it
// (never recomputed from a rate): 4 × $25.00 to California, 7.25% on goods and shipping, $10.00
// shipping: subtotal $100.00, shipping $10.00, tax $7.98 (7.25 + 0.73), total $117.98.

const t = setUpAppWithAccounts({ customerName: 'Dora Documents' });
beforeAll(() => setUpCaliforniaTax(t));

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('documents of a taxed order', () => {
  it('the receipt shows subtotal, shipping with its method, tax and the total paid', async () => {
    const order = await taxedOrder(t, t.customer, { name: 'Receipt Router' });
    const res = await t.app.inject({
      url: `/api/purchase/${order._id}/receipt`,
      headers: t.customer.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = flat(await pdfText(res.rawPayload));
    expect(text).toContain('Subtotal: $100.00');
    expect(text).toContain(`Shipping (${SHIPPING_METHOD_NAME}): $10.00`);
    expect(text).toContain('Tax: $7.98');
    expect(text).toContain('Total: $117.98');
    expect(text).toContain('Total paid: $117.98');
    expect(text).toContain('1 Market Street, San Francisco, CA 94105, US');
  });

  it('the received and paid mails show the same cents and the delivery address', async () => {
    await taxedOrder(t, t.customer, { name: 'Mailed Mitre Saw' });
    const placed = await mailTo(t, t.customer.email, 'Order received: Mailed Mitre Saw');
    const paid = await mailTo(t, t.customer.email, 'Payment received: Mailed Mitre Saw');
    for (const mail of [placed, paid]) {
      const text = flat(mail.text);
      expect(text).toContain('Subtotal: $100.00');
      expect(text).toContain(`Shipping (${SHIPPING_METHOD_NAME}): $10.00`);
      expect(text).toContain('Tax: $7.98');
      expect(text).toContain('Total: $117.98');
      expect(text).toContain('Address: 1 Market Street, San Francisco, CA 94105, US');
    }
    expect(paid.text).toContain('We received your payment of $117.98');
  });
});
