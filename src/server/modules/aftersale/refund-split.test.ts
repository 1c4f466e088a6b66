import { describe, expect, it } from 'vitest';
import { shareOf, splitRefund, type ChargeParts } from './refund-split.ts';

// Issue 35 (ADR 054): the units of a line refunded in any steps return exactly its net and tax.

const none: ChargeParts = {
  quantity: 0,
  netCents: 0,
  discountCents: 0,
  taxCents: 0,
  shippingCents: 0,
  shippingTaxCents: 0,
};
const add = (a: ChargeParts, b: ChargeParts): ChargeParts => ({
  quantity: a.quantity + b.quantity,
  netCents: a.netCents + b.netCents,
  discountCents: a.discountCents + b.discountCents,
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
        discountCents: 0,
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

  // Issue 36: a discounted line's net is after its discount (what was paid); units carry back
  // their share of the discount too. Independent check: the parts of every way of refunding all
  // units sum to the line as charged, the amounts to what the payment charged for it, and no
  // step returns more than a fair share plus one cent of rounding.
  it('returns exactly what was paid for a discounted line over random steps', () => {
    let seed = 36;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (let run = 0; run < 2_000; run += 1) {
      const quantity = 1 + random(12);
      const unitCents = 1 + random(50_000);
      const totalCents = quantity * unitCents;
      const discountCents = random(3) === 0 ? totalCents : random(totalCents + 1);
      const netCents = totalCents - discountCents;
      const line: ChargeParts = {
        quantity,
        netCents,
        discountCents,
        taxCents: Math.round((netCents * random(250_000)) / 1_000_000),
        shippingCents: random(3_000),
        shippingTaxCents: random(600),
      };
      const paidCents = netCents + line.taxCents + line.shippingCents + line.shippingTaxCents;
      let before = none;
      let refundedCents = 0;
      while (before.quantity < quantity) {
        const units = 1 + random(quantity - before.quantity);
        const split = splitRefund(line, before, { quantity: units, withShipping: random(4) === 0 });
        if (!split.ok) throw new Error('refused');
        const { parts } = split;
        expect(split.amountCents).toBe(
          parts.netCents + parts.taxCents + parts.shippingCents + parts.shippingTaxCents,
        );
        // Never more than the units' exact share of the net after discount, plus a rounding cent.
        expect(parts.netCents * quantity).toBeLessThanOrEqual(netCents * units + quantity);
        expect(parts.netCents * quantity).toBeGreaterThanOrEqual(netCents * units - quantity);
        refundedCents += split.amountCents;
        before = add(before, parts);
        expect(before.netCents).toBeLessThanOrEqual(netCents);
        expect(refundedCents).toBeLessThanOrEqual(paidCents);
      }
      const rest = splitRefund(line, before, { withShipping: true });
      if (!rest.ok) throw new Error('refused');
      refundedCents += rest.amountCents;
      before = add(before, rest.parts);
      expect(before).toEqual(line);
      expect(refundedCents).toBe(paidCents);
    }
  });

  it('a discounted unit returns its share after the discount, the last unit the rest', () => {
    // 4 × $25.00 with $10.01 off: net 8999, tax 652 (7.25% of 8999, half up).
    const line = {
      quantity: 4,
      netCents: 8_999,
      discountCents: 1_001,
      taxCents: 652,
      shippingCents: 1_000,
      shippingTaxCents: 73,
    };
    const one = splitRefund(line, none, { quantity: 1, withShipping: false });
    expect(one).toEqual({
      ok: true,
      parts: { ...none, quantity: 1, netCents: 2_250, discountCents: 250, taxCents: 163 },
      amountCents: 2_413,
    });
    if (!one.ok) return;
    const two = splitRefund(line, one.parts, { quantity: 1, withShipping: false });
    expect(two).toMatchObject({ parts: { netCents: 2_250, discountCents: 251, taxCents: 163 } });
    if (!two.ok) return;
    const last = splitRefund(line, add(one.parts, two.parts), { quantity: 2, withShipping: true });
    expect(last).toMatchObject({
      parts: { netCents: 4_499, discountCents: 500, taxCents: 326, shippingCents: 1_000 },
      amountCents: 4_499 + 326 + 1_000 + 73,
    });
  });

  it('refuses more units than are left and an amount beyond the goods left', () => {
    const line = {
      quantity: 4,
      netCents: 10_000,
      discountCents: 0,
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
