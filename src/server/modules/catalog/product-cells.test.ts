import { describe, expect, it } from 'vitest';
import {
  imagesCell,
  priceBreaksCell,
  readImagesCell,
  readPriceBreaksCell,
  readYesNoCell,
  yesNoCell,
} from './product-cells.ts';

describe('product CSV cells', () => {
  it('writes price breaks compactly and reads them back as the form sends them', () => {
    const cell = priceBreaksCell([
      { minQuantity: 10, priceCents: 8900 },
      { minQuantity: 50, priceCents: 7950 },
    ]);
    expect(cell).toBe('10:89.00;50:79.50');
    expect(readPriceBreaksCell(cell)).toEqual([
      { minQuantity: '10', price: '89.00' },
      { minQuantity: '50', price: '79.50' },
    ]);
    expect(readPriceBreaksCell(' 10 : 89 ; ')).toEqual([{ minQuantity: '10', price: '89' }]);
    expect(readPriceBreaksCell('')).toEqual([]);
    expect(readPriceBreaksCell('10=89')).toBeNull();
    expect(readPriceBreaksCell('10:89:1')).toBeNull();
  });

  it('writes yes or no and reads yes/no or true/false; empty is no', () => {
    expect([yesNoCell(true), yesNoCell(false)]).toEqual(['yes', 'no']);
    expect(['Yes', 'TRUE', 'no', 'false', ' '].map(readYesNoCell)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(readYesNoCell('1')).toBeNull();
  });

  it('splits image links on ; or |', () => {
    expect(imagesCell(['/a', '/b'])).toBe('/a;/b');
    expect(readImagesCell(' /a | /b;/c; ')).toEqual(['/a', '/b', '/c']);
    expect(readImagesCell('')).toEqual([]);
  });
});
