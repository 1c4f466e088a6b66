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
      discountCents: 0,
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

// Issue 36: the subtotal is before the discount; the discount and each promotion follow it.
describe('orderSummaryRows with promotions', () => {
  const discounted = [
    {
      totalCents: 10_000,
      discountCents: 1_000,
      taxCents: 653,
      shippingCents: 0,
      shippingTaxCents: 0,
    },
    { totalCents: 2_550, discountCents: 255, taxCents: 166, shippingCents: 0, shippingTaxCents: 0 },
  ];
  it('shows the discount and each promotion, and the total after the discount', () => {
    expect(sumOrder(discounted)).toEqual({
      subtotalCents: 12_550,
      discountCents: 1_255,
      shippingCents: 0,
      taxCents: 819,
      totalCents: 12_114,
    });
    expect(
      orderSummaryRows(discounted, {
        pricesIncludeTax: false,
        shippingMethod: 'Ground',
        promotions: [
          { name: 'Ten off', code: 'TOOLS10', discountCents: 1_255, shippingDiscountCents: 0 },
          { name: 'Free delivery', code: null, discountCents: 0, shippingDiscountCents: 995 },
        ],
      }),
    ).toEqual([
      ['Subtotal', '$125.50'],
      ['Discount', '-$12.55'],
      ['Promotion: Ten off (code TOOLS10)', '-$12.55'],
      ['Promotion: Free delivery', '-$9.95 on shipping'],
      ['Shipping (Ground)', '$0.00'],
      ['Tax', '$8.19'],
      ['Total', '$121.14'],
    ]);
  });
});
