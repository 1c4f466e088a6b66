import PDFDocument from 'pdfkit';
import { SHOP } from './shop-identity.ts';

/**
 * A shop document (receipt, credit note) as a PDF: A4 with pdfkit's built-in Helvetica (no font
 * files), the shop's letterhead already drawn, and `done`, the whole file once `doc.end()` is
 * called.
 */
export function startShopPdf(title: string): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${SHOP.name} ${title}`, Author: SHOP.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.rect(0, 0, doc.page.width, 80).fill(SHOP.primary);
  doc.fillColor(SHOP.primaryContent).font('Helvetica-Bold').fontSize(24).text(SHOP.name, 56, 28);
  doc.fillColor('#1c1917').font('Helvetica').fontSize(10);
  doc.text(SHOP.addressLines.join(', '), 56, 96);
  doc.moveDown(2);
  return { doc, done };
}

/** "Label: value" lines, the label bold, as the shop's documents list their facts. */
export function writeLabelled(doc: PDFKit.PDFDocument, rows: readonly [string, string][]): void {
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
}
