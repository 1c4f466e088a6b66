import { describe, expect, it } from 'vitest';
import { shareOf, splitRefund, type ChargeParts } from './refund-split.ts';

// Issue 35 (ADR 054): the units of a line refunded in any steps return exactly its net and tax.

const none: ChargeParts = {
  quantity: 0,
  netCents: 0,
  taxCents: 0,
  shippingCents: 0,
  shippingTaxCents: 0,
};
const add = (a: ChargeParts, b: ChargeParts): ChargeParts => ({
  quantity: a.quantity + b.quantity,
  netCents: a.netCents + b.netCents,
  taxCents: a.taxCents + b.taxCents,
  shippingCents: a.shippingCents + b.shippingCents,
  shippingTaxCents: a.shippingTaxCents + b.shippingTaxCents,
});

describe('splitRefund', () => {
  it('rounds half up, in integers', () => {
    expect(shareOf(725, 2, 4)).toBe(363);
    expect(shareOf(725, 1, 4)).toBe(181);
    // 2^40 × 999999 / 10^6 = 1099510528264.37…: beyond what doubles hold exactly in the product.
    expect(shareOf(2 ** 40, 999_999, 1_000_000)).toBe(1_099_510_528_264);
  });

  it('returns exactly the line over random steps, shipping once when asked', () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (let run = 0; run < 2_000; run += 1) {
      const quantity = 1 + random(12);
      const line: ChargeParts = {
        quantity,
        netCents: quantity * (1 + random(50_000)),
        taxCents: random(20_000),
        shippingCents: random(3_000),
        shippingTaxCents: random(600),
      };
      let before = none;
      while (before.quantity < quantity) {
        const units = 1 + random(quantity - before.quantity);
        const split = splitRefund(line, before, { quantity: units, withShipping: random(3) === 0 });
        if (!split.ok) throw new Error('refused');
        expect(split.parts.quantity).toBe(units);
        before = add(before, split.parts);
      }
      const rest = splitRefund(line, before, { withShipping: true });
      if (!rest.ok) throw new Error('refused');
      before = add(before, rest.parts);
      expect(before).toEqual(line);
    }
  });

  it('refuses more units than are left and an amount beyond the goods left', () => {
    const line = {
      quantity: 4,
      netCents: 10_000,
      taxCents: 725,
      shippingCents: 0,
      shippingTaxCents: 0,
    };
    expect(
      splitRefund(line, { ...none, quantity: 3 }, { quantity: 2, withShipping: false }),
    ).toEqual({ ok: false, problem: 'quantity', unitsLeft: 1 });
    expect(splitRefund(line, none, { amountCents: 10_726, withShipping: false })).toEqual({
      ok: false,
      problem: 'amount',
      goodsLeftCents: 10_725,
    });
  });
});
