import { formatCents } from '../../../shared/money.ts';
import { addressLine } from '../../../shared/postal-address.ts';
import { startShopPdf, writeLabelled } from '../notifications/index.ts';
import type { InvoiceDocumentFacts } from './invoices.service.ts';

const day = (iso: string) => iso.slice(0, 10);
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * An invoice as a PDF (pdfkit, its built-in Helvetica, in the shop's look like the receipts): its
 * number, dates, the company billed (name, tax number, billing address), the PO reference, the
 * lines, tax, total, paid, still due, and the terms.
 */
export function renderInvoicePdf({
  invoice,
  taxNumber,
  billingAddress,
  termsDays,
}: InvoiceDocumentFacts): Promise<Buffer> {
  const { doc, done } = startShopPdf(`invoice ${invoice.number}`);
  doc.font('Helvetica-Bold').fontSize(18).text(`Invoice ${invoice.number}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  const rows: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Issued', day(invoice.issuedAt)],
    ['Due date', day(invoice.dueAt)],
    ['Billed to', invoice.companyName],
    ...(taxNumber ? ([['Tax number', taxNumber]] as [string, string][]) : []),
    ['Billing address', billingAddress ? addressLine(billingAddress) : '-'],
    ['Order', `C-${invoice.checkoutNumber}`],
    ...(invoice.poReference ? ([['PO reference', invoice.poReference]] as [string, string][]) : []),
  ];
  doc.moveDown();
  writeLabelled(doc, rows);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').text(invoice.orders.length === 1 ? 'Item' : 'Items');
  doc.font('Helvetica');
  for (const line of invoice.orders)
    doc.text(
      `${line.productName}${line.sku ? `, SKU ${line.sku}` : ''}  ×  ${line.quantity}  =  ${formatCents(cents(line.amount))}`,
    );
  doc.moveDown();
  const totals: [string, string][] = [
    ['Of which tax', formatCents(cents(invoice.tax))],
    ['Total', formatCents(cents(invoice.amount))],
    ['Paid', formatCents(cents(invoice.paid))],
  ];
  writeLabelled(doc, totals);
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(
      invoice.status === 'paid'
        ? 'Paid in full. Thank you.'
        : `Amount due: ${formatCents(cents(invoice.due))} (USD) by ${day(invoice.dueAt)}`,
    );
  doc.font('Helvetica').fontSize(10).moveDown();
  doc.text(
    `Terms: Net ${termsDays}, payment due ${termsDays} days after the invoice date. Please quote ${invoice.number}${invoice.poReference ? ` and PO ${invoice.poReference}` : ''} with your payment.`,
  );
  doc.end();
  return done;
}
