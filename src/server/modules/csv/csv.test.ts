import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvRow, CSV_BOM } from './csv.ts';

describe('csvCell', () => {
  it('quotes what would break the row and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('keeps text that starts like a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvDocument', () => {
  it('writes the header once, then every batch, with CRLF line ends', async () => {
    async function* batches() {
      yield [['a', 1]];
      yield [
        ['b', 2],
        ['c', 3],
      ];
    }
    let text = '';
    for await (const chunk of await csvDocument(['Name', 'N'], batches())) text += chunk;
    expect(text).toBe(`${CSV_BOM}Name,N\r\na,1\r\nb,2\r\nc,3\r\n`);
    expect(csvRow(['x'])).toBe('x\r\n');
  });

  it('writes only the header when there are no rows', async () => {
    let text = '';
    for await (const chunk of await csvDocument(['Name'], (async function* () {})())) text += chunk;
    expect(text).toBe(`${CSV_BOM}Name\r\n`);
  });

  it('fails before its first byte when the first batch fails', async () => {
    const failing: AsyncIterable<[string][]> = {
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.reject(new Error('first query failed')),
      }),
    };
    await expect(csvDocument(['Name'], failing)).rejects.toThrow('first query failed');
  });
});
