import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvRow } from './csv.ts';
import { parseCsv, unescapeCell } from './csv-read.ts';

describe('parseCsv', () => {
  it('reads back what csvRow wrote, quotes, commas and line breaks included', () => {
    const cells = ['=SUM(A1)', 'Drill, 18V', 'say "hi"', 'two\r\nlines', '-5 off', '@x', ' pad '];
    const parsed = parseCsv(CSV_BOM + csvRow(['a', 'b']) + csvRow(cells));
    expect(parsed?.[0]).toEqual(['a', 'b']);
    expect(parsed?.[1]?.map(unescapeCell)).toEqual(cells);
  });

  it('skips blank lines, accepts LF and refuses an open quote', () => {
    expect(parseCsv('a,b\n\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,"b\n')).toBeNull();
  });

  it('leaves an apostrophe that guards nothing', () => {
    expect(unescapeCell("'quoted'")).toBe("'quoted'");
  });
});
