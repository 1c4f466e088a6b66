import { formatCents } from '../../../shared/money.ts';
import { startShopPdf } from '../notifications/index.ts';

/** One refund as its credit note shows it. */
export interface CreditNoteFacts {
  number: number;
  refundedAt: Date;
  reference: string;
  receiptNumber: number | null;
  customerName: string;
  customerEmail: string;
  productName: string;
  quantity: number;
  orderTotalCents: number;
  /** Issue 36: the order line's share of its checkout's promotions' discounts. */
  orderDiscountCents: number;
  /** What the order cost the buyer: its total, tax and shipping (issue 35). */
  orderAmountCents: number;
  amountCents: number;
  /** Issue 35: the refund's parts as stored (docs/decisions/054); units 0: an amount. */
  refundedQuantity: number;
  netCents: number;
  /** Issue 36: the discount the units refunded had (net is after it, as paid). */
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  /** The order's prices were shown with VAT included (EU/UK): its tax is labelled VAT. */
  pricesIncludeTax: boolean;
  reason: string;
  transactionId: string | null;
  testMode: boolean;
}

/** The credit note of one refund as a PDF (pdfkit's built-in Helvetica, as the receipt). */
export function renderCreditNotePdf(note: CreditNoteFacts): Promise<Buffer> {
  const { doc, done } = startShopPdf(`credit note ${note.number}`);
  doc.font('Helvetica-Bold').fontSize(18).text(`Credit note ${note.number}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  if (note.testMode)
    doc.text('Test mode: refunded through the built-in test processor; no real money moved.');
  const rows: [string, string][] = [
    ['Credit note number', String(note.number)],
    ['Date refunded', note.refundedAt.toISOString().slice(0, 10)],
    ['Order', note.reference],
    ...(note.receiptNumber !== null
      ? ([['For receipt', String(note.receiptNumber)]] as [string, string][])
      : []),
    ['Customer', `${note.customerName} <${note.customerEmail}>`],
    [
      'Item',
      `${note.productName}  ×  ${note.quantity}  (order total ${formatCents(note.orderTotalCents)})`,
    ],
    ...(note.orderDiscountCents > 0
      ? ([['Order discount (promotions)', `-${formatCents(note.orderDiscountCents)}`]] as [
          string,
          string,
        ][])
      : []),
    ...(note.orderAmountCents !== note.orderTotalCents
      ? ([['Order amount with tax and shipping', formatCents(note.orderAmountCents)]] as [
          string,
          string,
        ][])
      : []),
    ...(note.refundedQuantity > 0
      ? ([['Units refunded', String(note.refundedQuantity)]] as [string, string][])
      : []),
    ['Reason', note.reason],
    ['Transaction id', note.transactionId ?? '-'],
  ];
  doc.moveDown();
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  // What the refund returned, as the order was charged: never recomputed from a rate.
  const taxLabel = note.pricesIncludeTax ? 'VAT' : 'Tax';
  const parts: [string, string][] = [
    // Issue 36: the goods were paid after their discount; the refund returns what was paid.
    ...(note.discountCents > 0
      ? ([['Discount on the units refunded', `-${formatCents(note.discountCents)}`]] as [
          string,
          string,
        ][])
      : []),
    ['Goods refunded (net)', formatCents(note.netCents)],
    [`${taxLabel} refunded`, formatCents(note.taxCents)],
    ['Shipping refunded', formatCents(note.shippingCents)],
    [`${taxLabel} on shipping refunded`, formatCents(note.shippingTaxCents)],
  ];
  doc.moveDown();
  for (const [label, value] of parts) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown(1.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Amount refunded: ${formatCents(note.amountCents)} (USD)`);
  doc.end();
  return done;
}
