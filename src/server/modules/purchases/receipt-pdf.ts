import { formatCents } from '../../../shared/money.ts';
import { orderSummaryRows, sumOrder, type PromotionSaving } from '../../../shared/order-summary.ts';
import { TEST_MODE_NOTICE } from '../../../shared/payment.ts';
import { startShopPdf } from '../notifications/index.ts';
import { chargedLine, orderLineNameWithSku, type OrderMailLine } from './order-mails.ts';

/** One order the payment covered (with its variant's SKU and label as sold, issue 34). */
export type ReceiptLine = OrderMailLine;

/** A checkout's one receipt: every order its payment covered. */
export interface ReceiptFacts {
  receiptNumber: number;
  /** The checkout's reference ("C-1042") and the buyer's PO reference, if given. */
  reference: string;
  poReference: string | null;
  paidAt: Date;
  customerName: string;
  customerEmail: string;
  address: string;
  lines: ReceiptLine[];
  transactionId: string;
  card: { brand: string | null; last4: string | null };
  testMode: boolean;
  /** Issue 35: the checkout's shipping method, whether prices include VAT, and its tax note. */
  shippingMethod?: string;
  pricesIncludeTax?: boolean;
  taxNote?: string | null;
  /** Issue 36: the checkout's promotions as placed. */
  promotions?: readonly PromotionSaving[];
}

/** The receipt of a paid checkout as a PDF (pdfkit, its built-in Helvetica: no font files). */
export function renderReceiptPdf(receipt: ReceiptFacts): Promise<Buffer> {
  const { doc, done } = startShopPdf(`receipt ${receipt.receiptNumber}`);
  doc.font('Helvetica-Bold').fontSize(18).text(`Receipt ${receipt.receiptNumber}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  if (receipt.testMode)
    doc.text(`${TEST_MODE_NOTICE}. Paid through the built-in test processor; no real money moved.`);
  const rows: [string, string][] = [
    ['Receipt number', String(receipt.receiptNumber)],
    ['Date paid', `${receipt.paidAt.toISOString().slice(0, 10)}`],
    ['Order', receipt.reference],
    ...(receipt.poReference ? ([['PO reference', receipt.poReference]] as [string, string][]) : []),
    ['Customer', `${receipt.customerName} <${receipt.customerEmail}>`],
    ['Address', receipt.address || '-'],
    ...(receipt.taxNote ? ([['Tax note', receipt.taxNote]] as [string, string][]) : []),
    ['Transaction id', receipt.transactionId],
    [
      'Paid by',
      receipt.card.last4
        ? `${receipt.card.brand ?? 'card'} ending in ${receipt.card.last4}`
        : 'card',
    ],
  ];
  doc.moveDown();
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').text(receipt.lines.length === 1 ? 'Item' : 'Items');
  doc.font('Helvetica');
  for (const line of receipt.lines)
    doc.text(
      `${orderLineNameWithSku(line)}  ×  ${line.quantity}  at  ${formatCents(line.unitPriceCents)}  =  ${formatCents(line.totalCents)}`,
    );
  // Subtotal, shipping, tax and total from the stored cents of the lines paid (issue 35).
  const charged = receipt.lines.map(chargedLine);
  const totalCents = sumOrder(charged).totalCents;
  doc.moveDown();
  for (const [label, value] of orderSummaryRows(charged, {
    pricesIncludeTax: receipt.pricesIncludeTax ?? false,
    shippingMethod: receipt.shippingMethod ?? '',
    promotions: receipt.promotions ?? [],
  })) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Total paid: ${formatCents(totalCents)} (USD)`);
  doc.end();
  return done;
}
