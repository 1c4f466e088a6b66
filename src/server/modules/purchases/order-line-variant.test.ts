import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf-text.ts';
import { renderOrderMail, type OrderMailFacts } from './order-mails.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

// Issue 34: what was sold is a variant. Receipts and order mails name the product with its
// variant's label and SKU as sold.

const kit = {
  productName: 'Hammer Drill',
  sku: 'HD-18-KIT',
  variantLabel: '18V · 2 x 5.0 Ah kit',
  quantity: 2,
  unitPriceCents: 29_900,
  totalCents: 59_800,
};

const order: OrderMailFacts = {
  reference: 'C-1042',
  poReference: null,
  lines: [kit],
  customerName: 'Mia',
  address: '9 Anvil Road',
  phone: '555',
  holdExpiresAt: null,
  transactionId: 'pi_1',
  receiptNumber: 7,
  testMode: false,
  card: null,
};

describe('order lines name their variant', () => {
  it("an order mail shows the variant's label with the product's name, and its SKU", () => {
    const mail = renderOrderMail(
      {
        template: 'order.paid',
        purchaseId: '00000000-0000-4000-8000-000000000001',
        audience: 'customer',
      },
      order,
      'http://localhost:3000',
    );
    expect(mail.subject).toBe('Payment received: Hammer Drill (18V · 2 x 5.0 Ah kit)');
    expect(mail.text).toContain('Hammer Drill (18V · 2 x 5.0 Ah kit)');
    expect(mail.text).toMatch(/SKU\W+HD-18-KIT/);
  });

  it('a product with one variant reads as before', () => {
    const mail = renderOrderMail(
      {
        template: 'order.paid',
        purchaseId: '00000000-0000-4000-8000-000000000001',
        audience: 'customer',
      },
      { ...order, lines: [{ ...kit, variantLabel: '' }] },
      'http://localhost:3000',
    );
    expect(mail.subject).toBe('Payment received: Hammer Drill');
  });

  it('the receipt lists the line by product, label and SKU', async () => {
    const pdf = await renderReceiptPdf({
      receiptNumber: 7,
      reference: 'C-1042',
      poReference: null,
      paidAt: new Date('2026-11-29T10:00:00Z'),
      customerName: 'Mia',
      customerEmail: 'mia@example.com',
      address: '9 Anvil Road',
      lines: [kit],
      transactionId: 'pi_1',
      card: { brand: null, last4: null },
      testMode: false,
    });
    const text = await pdfText(pdf);
    expect(text).toContain('Hammer Drill (18V · 2 x 5.0 Ah kit), SKU HD-18-KIT');
  });
});
