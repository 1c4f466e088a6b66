import { CSV_BOM } from './csv.ts';

/**
 * Reads a CSV document as csv.ts writes it (RFC 4180: quoted cells may hold commas, quotes and
 * line breaks; rows end with CRLF or LF), back into rows of cells. A byte order mark is skipped.
 * Returns null when a quote is left open (the file is cut or not CSV).
 */
export function parseCsv(text: string): string[][] | null {
  const source = text.startsWith(CSV_BOM) ? text.slice(CSV_BOM.length) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += c;
      i += 1;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (c === '\r' && source[i + 1] === '\n') i += 1;
    } else cell += c;
    i += 1;
  }
  if (quoted) return null;
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines (a trailing one above all) carry no row.
  return rows.filter((cells) => cells.length > 1 || cells[0] !== '');
}

/** A text cell the export guarded against formula injection (csvCell) comes back as it was. */
export function unescapeCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
