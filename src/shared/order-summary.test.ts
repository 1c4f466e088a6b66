import { describe, expect, it } from 'vitest';
import { orderSummaryRows, sumOrder } from './order-summary.ts';

// Issue 35: the rows every document prints, from the stored cents of the lines.

const lines = [
  { totalCents: 10_000, taxCents: 1_900, shippingCents: 400, shippingTaxCents: 76 },
  { totalCents: 2_550, taxCents: 179, shippingCents: 101, shippingTaxCents: 19 },
];

describe('orderSummaryRows', () => {
  it('sums subtotal, shipping, all tax and the total of the lines', () => {
    expect(sumOrder(lines)).toEqual({
      subtotalCents: 12_550,
      shippingCents: 501,
      taxCents: 2_174,
      totalCents: 15_225,
    });
    expect(orderSummaryRows(lines, { pricesIncludeTax: false, shippingMethod: 'Express' })).toEqual(
      [
        ['Subtotal', '$125.50'],
        ['Shipping (Express)', '$5.01'],
        ['Tax', '$21.74'],
        ['Total', '$152.25'],
      ],
    );
  });

  it('names the tax VAT, and says the total includes it, where prices include VAT', () => {
    expect(orderSummaryRows(lines, { pricesIncludeTax: true, shippingMethod: '' })).toEqual([
      ['Subtotal (excl. VAT)', '$125.50'],
      ['Shipping', '$5.01'],
      ['VAT', '$21.74'],
      ['Total (includes VAT)', '$152.25'],
    ]);
  });
});
