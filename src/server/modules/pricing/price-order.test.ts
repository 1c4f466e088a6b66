import { describe, expect, it } from 'vitest';
import { testAddress, testTaxRow } from '../../testing/pricing.ts';
import type { PostalAddress, TaxClass } from '../../../shared/postal-address.ts';
import {
  NO_SHIPPING_MESSAGE,
  SHIPPING_METHOD_UNAVAILABLE_MESSAGE,
  TAX_UNAVAILABLE_MESSAGE,
} from '../../../shared/pricing.ts';
import { allocateCents } from './allocate-cents.ts';
import { type PricingLineInput, priceOrder } from './price-order.ts';
import { type PricingTables, type ShippingZoneRow, taxKey } from './pricing-tables.ts';
import { UNCONFIGURED_SHIPPING } from './shipping-options.ts';
import { builtinTaxProvider } from './tax-table.ts';
import { TaxUnavailable } from './tax-provider.ts';

// The pricing pipeline without a database: shipping rules, tax per line, rounding, allocation and
// exemptions, checked against numbers worked out by hand, and 10,000 random baskets against an
// independent calculation written here (exact rationals, no shared helper).

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const address = testAddress;
const taxRow = testTaxRow;

const US_ZONE: ShippingZoneRow = {
  id: id(1),
  name: 'United States',
  countries: ['US'],
  regions: [],
  position: 0,
  methods: [
    {
      id: id(11),
      name: 'Standard',
      deliveryText: '3–5 business days',
      rates: [{ maxWeightGrams: 30_000, priceCents: 995 }],
      freeOverCents: 19_900,
      collect: false,
      position: 0,
    },
    {
      id: id(12),
      name: 'Express',
      deliveryText: '1–2 business days',
      rates: [{ maxWeightGrams: 30_000, priceCents: 2_495 }],
      freeOverCents: null,
      collect: false,
      position: 1,
    },
    {
      id: id(13),
      name: 'Freight',
      deliveryText: '5–7 business days',
      rates: [{ minWeightGrams: 30_001, priceCents: 8_900 }],
      freeOverCents: null,
      collect: false,
      position: 2,
    },
  ],
};
const ALASKA_ZONE: ShippingZoneRow = {
  id: id(2),
  name: 'Alaska and Hawaii',
  countries: ['US'],
  regions: ['US-AK', 'US-HI'],
  position: 5,
  methods: [
    {
      id: id(21),
      name: 'Standard',
      deliveryText: '',
      rates: [{ priceCents: 3_900 }],
      freeOverCents: null,
      collect: false,
      position: 0,
    },
  ],
};
const EU_ZONE: ShippingZoneRow = {
  id: id(3),
  name: 'European Union',
  countries: ['DE', 'FR'],
  regions: [],
  position: 1,
  methods: [
    {
      id: id(31),
      name: 'Standard',
      deliveryText: '',
      rates: [
        { maxWeightGrams: 5_000, priceCents: 1_500 },
        { minWeightGrams: 5_001, maxWeightGrams: 20_000, priceCents: 2_900 },
      ],
      freeOverCents: null,
      collect: false,
      position: 0,
    },
  ],
};

const TABLES: PricingTables = {
  version: 7,
  originCountry: 'US',
  zones: [US_ZONE, ALASKA_ZONE, EU_ZONE],
  taxRows: new Map(
    [
      taxRow('US', '', { collect: false }),
      taxRow('US', 'NY', { standardPpm: 88_750 }),
      taxRow('US', 'TX', { standardPpm: 62_500, taxShipping: false }),
      taxRow('US', 'OR', { standardPpm: 0, collect: false }),
      taxRow('US', 'CA', { standardPpm: 72_500, collect: false }),
      taxRow('DE', '', { standardPpm: 190_000, reducedPpm: 70_000, pricesIncludeTax: true }),
    ].map((row) => [taxKey(row.country, row.region), row]),
  ),
  promotions: [],
};

const line = (
  n: number,
  unitCents: number,
  quantity: number,
  over: Partial<PricingLineInput> = {},
) => ({
  productId: id(100 + n),
  variantId: id(200 + n),
  sku: `SKU-${n}`,
  name: `Tool ${n}`,
  variantLabel: '',
  quantity,
  unitCents,
  weightGrams: 1_000,
  taxClass: 'standard' as TaxClass,
  categoryId: null,
  platform: null,
  agreed: false,
  ...over,
});

const price = (
  lines: PricingLineInput[],
  at: PostalAddress,
  over: Partial<Parameters<typeof priceOrder>[0]> = {},
) =>
  priceOrder({
    lines,
    address: at,
    addressText: '1 Main St',
    tables: TABLES,
    taxProvider: builtinTaxProvider(TABLES),
    exemption: null,
    promotionState: {
      now: Date.now(),
      codes: [],
      hasOrdered: false,
      customerUses: new Map(),
      promotionUses: new Map(),
    },
    ...over,
  });

describe('the pricing pipeline', () => {
  it('New York: tax per line rounded half up, shipping taxed, cheapest method first', async () => {
    // 3 × $19.99 = $59.97 → 8.875% = 5.32234 → $5.32; 1 × $0.08 → 0.0071 → $0.01 (half up
    // needs ≥ 0.5 cent: 0.71 cent rounds up); shipping $9.95 → 0.88306 → $0.88.
    const pricing = await price([line(1, 1_999, 3), line(2, 8, 1)], address('US', 'NY'));
    expect(pricing.lines.map((l) => [l.netCents, l.taxCents, l.taxRatePpm])).toEqual([
      [5_997, 532, 88_750],
      [8, 1, 88_750],
    ]);
    expect(pricing.methods.map((m) => [m.name, m.priceCents])).toEqual([
      ['Standard', 995],
      ['Express', 2_495],
    ]);
    expect(pricing.method.name).toBe('Standard');
    expect(pricing.shippingTaxCents).toBe(88);
    expect(pricing.taxCents).toBe(532 + 1 + 88);
    expect(pricing.totalCents).toBe(5_997 + 8 + 995 + 621);
    expect(pricing.pricesIncludeTax).toBe(false);
  });

  it('Texas does not tax shipping; a state the shop does not collect in has no tax', async () => {
    const texas = await price([line(1, 10_000, 1)], address('US', 'TX'));
    expect([texas.lines[0]?.taxCents, texas.shippingTaxCents]).toEqual([625, 0]);
    const california = await price([line(1, 10_000, 1)], address('US', 'CA'));
    expect([california.taxCents, california.totalCents]).toEqual([0, 10_000 + 995]);
    const noState = await price([line(1, 10_000, 1)], address('US'));
    expect(noState.taxCents).toBe(0);
  });

  it('free over the threshold; freight only above 30 kg; a listed region beats the country', async () => {
    const free = await price([line(1, 19_900, 1)], address('US', 'CA'));
    expect(free.methods.map((m) => [m.name, m.priceCents])).toEqual([
      ['Standard', 0],
      ['Express', 2_495],
    ]);
    const heavy = await price([line(1, 5_000, 31, { weightGrams: 1_000 })], address('US', 'CA'));
    expect(heavy.methods.map((m) => m.name)).toEqual(['Freight']);
    expect(heavy.weightGrams).toBe(31_000);
    const alaska = await price([line(1, 5_000, 1)], address('US', 'AK'));
    expect(alaska.methods.map((m) => [m.name, m.priceCents])).toEqual([['Standard', 3_900]]);
  });

  it('Germany: VAT by class, shown included, weight bands', async () => {
    const pricing = await price(
      [
        line(1, 10_000, 1, { weightGrams: 4_000 }),
        line(2, 1_050, 2, { taxClass: 'reduced', weightGrams: 500 }),
        line(3, 999, 1, { taxClass: 'exempt', weightGrams: 0 }),
      ],
      address('DE'),
    );
    expect(pricing.lines.map((l) => l.taxCents)).toEqual([1_900, 147, 0]);
    expect(pricing.method.priceCents).toBe(1_500);
    expect(pricing.shippingTaxCents).toBe(285);
    expect(pricing.pricesIncludeTax).toBe(true);
    const heavier = await price([line(1, 10_000, 6, { weightGrams: 1_000 })], address('DE'));
    expect(heavier.method.priceCents).toBe(2_900);
  });

  it('refuses an address no zone delivers to, and a method that does not apply', async () => {
    await expect(price([line(1, 100, 1)], address('JP'))).rejects.toMatchObject({
      statusCode: 400,
      message: NO_SHIPPING_MESSAGE,
    });
    await expect(
      price([line(1, 100, 1)], address('US', 'NY'), { methodId: id(13) }),
    ).rejects.toMatchObject({ statusCode: 400, message: SHIPPING_METHOD_UNAVAILABLE_MESSAGE });
    const express = await price([line(1, 100, 1)], address('US', 'NY'), { methodId: id(12) });
    expect(express.method.name).toBe('Express');
  });

  it('a shop with no zone delivers everywhere for free', async () => {
    const pricing = await price([line(1, 100, 1)], address('JP'), {
      tables: { ...TABLES, zones: [] },
    });
    expect(pricing.methods).toEqual([UNCONFIGURED_SHIPPING]);
  });

  it('an exemption lifts only its own kind of tax, and says so', async () => {
    const certificate = { kind: 'certificate' as const, note: 'Tax exempt: resale certificate' };
    const vat = {
      kind: 'vat_number' as const,
      note: 'Reverse charge: VAT number DE123456789',
      country: 'DE',
    };
    const ny = await price([line(1, 10_000, 1)], address('US', 'NY'), { exemption: certificate });
    expect([ny.taxCents, ny.taxNote]).toEqual([0, certificate.note]);
    const de = await price([line(1, 10_000, 1)], address('DE'), { exemption: vat });
    expect([de.taxCents, de.taxNote]).toEqual([0, vat.note]);
    const deWithCertificate = await price([line(1, 10_000, 1)], address('DE'), {
      exemption: certificate,
    });
    expect([deWithCertificate.taxCents, deWithCertificate.taxNote]).toEqual([1_900 + 285, null]);
    // A UK number does not lift German VAT; a German one does not lift New York sales tax.
    const deWithUkNumber = await price([line(1, 10_000, 1)], address('DE'), {
      exemption: { ...vat, country: 'GB' },
    });
    expect(deWithUkNumber.taxCents).toBe(1_900 + 285);
    const nyWithVat = await price([line(1, 10_000, 1)], address('US', 'NY'), { exemption: vat });
    expect(nyWithVat.taxCents).toBe(888 + 88);
  });

  it('never a silent zero: a provider that fails or leaves a line out is a 503', async () => {
    const failing = {
      name: 'stripe' as const,
      calculate: () => Promise.reject(new TaxUnavailable()),
    };
    await expect(
      price([line(1, 100, 1)], address('US', 'NY'), { taxProvider: failing }),
    ).rejects.toMatchObject({ statusCode: 503, message: TAX_UNAVAILABLE_MESSAGE });
    const partial = {
      name: 'stripe' as const,
      calculate: () =>
        Promise.resolve({
          lines: [],
          shippingTaxCents: 0,
          shippingRatePpm: 0,
          pricesIncludeTax: false,
        }),
    };
    await expect(
      price([line(1, 100, 1)], address('US', 'NY'), { taxProvider: partial }),
    ).rejects.toMatchObject({ statusCode: 503 });
  });

  it('allocates shipping to lines to the cent, in proportion to their value', () => {
    expect(allocateCents(1_000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocateCents(995, [5_997, 8])).toEqual([994, 1]);
    expect(allocateCents(0, [3, 4])).toEqual([0, 0]);
    expect(allocateCents(7, [0, 0])).toEqual([7, 0]);
  });
});

describe('10,000 random baskets against an independent calculation', () => {
  // A small deterministic generator, so a failure can be replayed.
  let seed = 20261129;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  /** Half-up rounding of a / b cents with exact integers. */
  const roundHalfUp = (a: bigint, b: bigint) => Number((2n * a + b) / (2n * b));

  it('matches to the cent: each line, shipping, its tax, the shares and the total', async () => {
    const places = [
      { at: address('US', 'NY'), ppm: 88_750, reduced: 88_750, shipTax: true },
      { at: address('US', 'TX'), ppm: 62_500, reduced: 62_500, shipTax: false },
      { at: address('US', 'CA'), ppm: 0, reduced: 0, shipTax: false },
      { at: address('DE'), ppm: 190_000, reduced: 70_000, shipTax: true },
    ];
    for (let round = 0; round < 10_000; round += 1) {
      const place = pick(places);
      const lines = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, n) =>
        line(n, 1 + Math.floor(random() * 250_000), 1 + Math.floor(random() * 40), {
          weightGrams: Math.floor(random() * 3_000),
          taxClass: pick(['standard', 'standard', 'reduced', 'exempt'] as const),
        }),
      );
      let pricing;
      try {
        pricing = await price(lines, place.at);
      } catch (error) {
        // Too heavy for any European band: nothing to compare.
        expect((error as Error).message).toBe(NO_SHIPPING_MESSAGE);
        continue;
      }
      const value = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
      const weight = lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
      // Shipping worked out from the tables above, independently of shippingChoices.
      const shipping =
        place.at.country === 'DE'
          ? weight <= 5_000
            ? 1_500
            : 2_900
          : weight > 30_000
            ? 8_900
            : value >= 19_900
              ? 0
              : 995;
      const taxes = lines.map((l) => {
        const rate =
          l.taxClass === 'exempt' ? 0 : l.taxClass === 'reduced' ? place.reduced : place.ppm;
        return roundHalfUp(BigInt(l.unitCents * l.quantity) * BigInt(rate), 1_000_000n);
      });
      const shippingTax = place.shipTax
        ? roundHalfUp(BigInt(shipping) * BigInt(place.ppm), 1_000_000n)
        : 0;
      const tax = taxes.reduce((a, b) => a + b, 0) + shippingTax;
      expect(pricing.lines.map((l) => l.taxCents)).toEqual(taxes);
      expect([pricing.shippingCents, pricing.shippingTaxCents, pricing.taxCents]).toEqual([
        shipping,
        shippingTax,
        tax,
      ]);
      expect(pricing.totalCents).toBe(value + shipping + tax);
      // The shares add up exactly, and no share is off its exact proportion by a cent or more.
      expect(pricing.lines.reduce((sum, l) => sum + l.shippingCents, 0)).toBe(shipping);
      expect(pricing.lines.reduce((sum, l) => sum + l.shippingTaxCents, 0)).toBe(shippingTax);
      for (const l of pricing.lines)
        expect(Math.abs(l.shippingCents - (shipping * l.netCents) / value)).toBeLessThan(1);
    }
  });
});
