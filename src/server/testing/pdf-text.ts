import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of a PDF's first page, its pieces joined by spaces (receipts, credit notes). */
export async function pdfText(payload: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(payload), standardFontDataUrl }).promise;
  const text = (await (await pdf.getPage(1)).getTextContent()).items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ');
  await pdf.destroy();
  return text;
}
