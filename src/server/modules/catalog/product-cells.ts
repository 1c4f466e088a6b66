import type { StoredPriceBreak } from '../../../shared/price-breaks.ts';

// The compact cells of the product CSV (issues 23 and 24): written by the export, read back by the
// import (product-import-file.ts), so both sides live here.

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Price breaks as one cell: `10:89.00;50:79.00` (from quantity:unit price in dollars). */
export const priceBreaksCell = (breaks: readonly StoredPriceBreak[]): string =>
  breaks.map((row) => `${row.minQuantity}:${dollars(row.priceCents)}`).join(';');

/**
 * A Price Breaks cell back into the form's rows (still text: the form's schema checks them).
 * Empty: no breaks. Null when a part is not `quantity:price`.
 */
export function readPriceBreaksCell(cell: string): { minQuantity: string; price: string }[] | null {
  const parts = cell
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const rows: { minQuantity: string; price: string }[] = [];
  for (const part of parts) {
    const colon = part.indexOf(':');
    if (colon < 0 || part.indexOf(':', colon + 1) >= 0) return null;
    rows.push({ minQuantity: part.slice(0, colon).trim(), price: part.slice(colon + 1).trim() });
  }
  return rows;
}

/** The export writes yes or no. */
export const yesNoCell = (value: boolean): string => (value ? 'yes' : 'no');

/** yes/no or true/false, any case; an empty cell is no (it clears). Null for anything else. */
export function readYesNoCell(cell: string): boolean | null {
  const text = cell.trim().toLowerCase();
  if (text === '' || text === 'no' || text === 'false') return false;
  if (text === 'yes' || text === 'true') return true;
  return null;
}

/** A list of image links in one cell: `;` between them (as written) or `|`. */
export const imagesCell = (links: readonly string[]): string => links.join(';');

export const readImagesCell = (cell: string): string[] =>
  cell
    .split(/[;|]/)
    .map((link) => link.trim())
    .filter((link) => link !== '');
