import { describe, expect, it } from 'vitest';
import {
  parseQuickOrderText,
  QUICK_ORDER_EMPTY_MESSAGE,
  QUICK_ORDER_QUANTITY_MESSAGE,
  QUICK_ORDER_QUANTITY_MISSING_MESSAGE,
  QUICK_ORDER_TOO_MANY_MESSAGE,
  splitFields,
} from './quick-order-lines.ts';

describe('parseQuickOrderText', () => {
  it('reads "SKU quantity", "SKU,quantity", "SKU;quantity" and tabs, blank lines skipped', () => {
    const text = 'DRL-18V 2\n\n  SAW-12V   3  \r\nBAT-5AH,4\r\nCHG-1;1\nKIT-18V-2\t5\n';
    expect(parseQuickOrderText(text)).toEqual({
      lines: [
        { sku: 'DRL-18V', quantity: 2 },
        { sku: 'SAW-12V', quantity: 3 },
        { sku: 'BAT-5AH', quantity: 4 },
        { sku: 'CHG-1', quantity: 1 },
        { sku: 'KIT-18V-2', quantity: 5 },
      ],
      problems: [],
    });
  });

  it('skips a header and follows its columns, in any order among others', () => {
    expect(parseQuickOrderText('SKU,Quantity\nDRL-18V,2\n').lines).toEqual([
      { sku: 'DRL-18V', quantity: 2 },
    ]);
    const exported = [
      'Description,Qty,Item Number',
      '"Drill, 18V",3,DRL-18V',
      '"Battery ""5.0 Ah""",10,BAT-5AH',
    ].join('\n');
    expect(parseQuickOrderText(exported)).toEqual({
      lines: [
        { sku: 'DRL-18V', quantity: 3 },
        { sku: 'BAT-5AH', quantity: 10 },
      ],
      problems: [],
    });
    // A spreadsheet's tab-separated copy with its header row, a file's byte order mark.
    expect(parseQuickOrderText('\uFEFFsku\tquantity\r\nDRL-18V\t1').lines).toEqual([
      { sku: 'DRL-18V', quantity: 1 },
    ]);
  });

  it('says which line cannot be read and why, keeping the good ones', () => {
    const result = parseQuickOrderText('DRL-18V 2\nSAW-12V\nBAT-5AH two\nCHG-1 1.5\nKIT -3');
    expect(result.lines).toEqual([{ sku: 'DRL-18V', quantity: 2 }]);
    expect(result.problems).toEqual([
      { row: 2, text: 'SAW-12V', message: QUICK_ORDER_QUANTITY_MISSING_MESSAGE },
      { row: 3, text: 'BAT-5AH two', message: QUICK_ORDER_QUANTITY_MESSAGE },
      { row: 4, text: 'CHG-1 1.5', message: QUICK_ORDER_QUANTITY_MESSAGE },
      { row: 5, text: 'KIT -3', message: QUICK_ORDER_QUANTITY_MESSAGE },
    ]);
    expect(QUICK_ORDER_QUANTITY_MESSAGE).toBe('Quantity must be a whole number');
  });

  it('asks for a line when there is none, and refuses more than 100', () => {
    expect(parseQuickOrderText(' \n\n').problems).toEqual([
      { row: 0, text: '', message: QUICK_ORDER_EMPTY_MESSAGE },
    ]);
    expect(parseQuickOrderText('SKU,Quantity\n').problems[0]?.message).toBe(
      QUICK_ORDER_EMPTY_MESSAGE,
    );
    const many = Array.from({ length: 101 }, (_, i) => `SKU-${i} 1`).join('\n');
    expect(parseQuickOrderText(many).problems).toEqual([
      { row: 0, text: '', message: QUICK_ORDER_TOO_MANY_MESSAGE },
    ]);
    expect(QUICK_ORDER_TOO_MANY_MESSAGE).toBe('At most 100 lines at once');
  });
});

describe('splitFields', () => {
  it('splits CSV with quotes, and leaves a SKU as it is', () => {
    expect(splitFields('"a,b", c ,"say ""hi"""')).toEqual(['a,b', 'c', 'say "hi"']);
    expect(splitFields('A.B_C-1   7')).toEqual(['A.B_C-1', '7']);
    expect(splitFields(' "DRL-18V" \t 2 ')).toEqual(['DRL-18V', '2']);
  });
});
