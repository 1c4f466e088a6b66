import { QUICK_ORDER_LINES_MAX, type QuickOrderBody } from './variant.ts';

/*
 * Quick order's lines as a customer writes or pastes them (issue 34): one line per SKU, `SKU
 * quantity`, `SKU,quantity`, `SKU;quantity` or tab-separated as copied from a spreadsheet, or a
 * CSV file with SKU and Quantity columns (the header is optional; with one, its columns may come
 * in any order among others). Read in the browser before sending; the server checks each SKU.
 */

export type QuickOrderLine = QuickOrderBody['lines'][number];

/** A line that could not be read: its number (1-based, as an editor counts) and why. */
export interface QuickOrderLineProblem {
  row: number;
  text: string;
  message: string;
}

export interface ParsedQuickOrder {
  lines: QuickOrderLine[];
  problems: QuickOrderLineProblem[];
}

export const QUICK_ORDER_EMPTY_MESSAGE = 'Add at least one line: a SKU and a quantity';
export const QUICK_ORDER_QUANTITY_MISSING_MESSAGE = 'Add a quantity after the SKU';
export const QUICK_ORDER_QUANTITY_MESSAGE = 'Quantity must be a whole number';
export const QUICK_ORDER_TOO_MANY_MESSAGE = `At most ${QUICK_ORDER_LINES_MAX} lines at once`;
/** A CSV file larger than this is refused before it is read (100 lines are a few kilobytes). */
export const QUICK_ORDER_FILE_MAX_BYTES = 100_000;
export const QUICK_ORDER_FILE_TOO_LARGE_MESSAGE = 'The file is too large: at most 100 KB';

const SKU_HEADERS = new Set(['sku', 'item', 'item number', 'part number', 'article']);
const QUANTITY_HEADERS = new Set(['quantity', 'qty', 'amount', 'count']);

/**
 * The fields of one line: split at tabs when it has any, else at commas (double quotes as CSV
 * writes them: a quoted field may hold a comma, `""` is a quote), else at semicolons, else at runs
 * of spaces. Each field trimmed.
 */
export function splitFields(line: string): string[] {
  if (line.includes('\t')) return line.split('\t').map(unquote);
  if (line.includes(',')) return splitCsv(line).map((field) => field.trim());
  if (line.includes(';')) return line.split(';').map(unquote);
  return line.trim().split(/\s+/);
}

function unquote(field: string): string {
  const trimmed = field.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replaceAll('""', '"').trim()
    : trimmed;
}

function splitCsv(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** The columns of SKU and quantity a header line names, or null when the line is no header. */
function headerColumns(fields: readonly string[]): { sku: number; quantity: number } | null {
  const names = fields.map((field) => field.toLowerCase());
  const sku = names.findIndex((name) => SKU_HEADERS.has(name));
  const quantity = names.findIndex((name) => QUANTITY_HEADERS.has(name));
  return sku < 0 ? null : { sku, quantity: quantity < 0 ? sku + 1 : quantity };
}

/**
 * The lines of a quick order read from text (typed, pasted or a CSV file's), blank lines skipped,
 * with each line that cannot be read and why. Quantities are whole numbers of digits ("1 000"
 * and "1,000" are not: a comma separates fields).
 */
export function parseQuickOrderText(text: string): ParsedQuickOrder {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderLineProblem[] = [];
  let columns = { sku: 0, quantity: 1 };
  let first = true;
  for (const [index, raw] of rows.entries()) {
    if (raw.trim() === '') continue;
    const fields = splitFields(raw);
    if (first) {
      first = false;
      const header = headerColumns(fields);
      if (header) {
        columns = header;
        continue;
      }
    }
    const sku = fields[columns.sku] ?? '';
    const quantity = fields[columns.quantity] ?? '';
    const problem = (message: string) =>
      problems.push({ row: index + 1, text: raw.trim(), message });
    if (quantity === '') problem(QUICK_ORDER_QUANTITY_MISSING_MESSAGE);
    else if (!/^\d{1,9}$/.test(quantity)) problem(QUICK_ORDER_QUANTITY_MESSAGE);
    else lines.push({ sku, quantity: Number(quantity) });
  }
  if (lines.length > QUICK_ORDER_LINES_MAX)
    problems.push({ row: 0, text: '', message: QUICK_ORDER_TOO_MANY_MESSAGE });
  else if (lines.length === 0 && problems.length === 0)
    problems.push({ row: 0, text: '', message: QUICK_ORDER_EMPTY_MESSAGE });
  return { lines, problems };
}
