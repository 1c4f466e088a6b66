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

/**
 * The CSV document: header, then every row the batches yield, one batch in memory at a time. It
 * resolves once the first batch is read, so a refused filter or a failed first query is an error
 * answer, not a 200 with a file cut after its header.
 */
export async function csvDocument(
  header: readonly string[],
  batches: AsyncIterable<readonly CsvCell[][]>,
): Promise<AsyncGenerator<string>> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* document() {
    yield CSV_BOM + csvRow(header);
    for (let next = first; !next.done; next = await iterator.next())
      yield next.value.map(csvRow).join('');
  }
  return document();
}
