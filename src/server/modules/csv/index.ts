// The face of modules/csv: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { parseCsv, unescapeCell } from './csv-read.ts';
export { type CsvCell, csvDocument } from './csv.ts';
