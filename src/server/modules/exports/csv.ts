/**
 * CSV for spreadsheets (RFC 4180 quoting). A text cell that a spreadsheet would run as a formula
 * (it starts with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so a customer
 * named "=HYPERLINK(…)" stays text (OWASP "CSV injection"). Numbers are written as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvCell = string | number | null;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Excel reads a UTF-8 file as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF';

/** The CSV document: header, then every row the batches yield, one batch in memory at a time. */
export async function* csvDocument(
  header: readonly string[],
  batches: AsyncIterable<readonly CsvCell[][]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(header);
  for await (const batch of batches) yield batch.map(csvRow).join('');
}
