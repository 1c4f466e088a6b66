import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ProductDetailSchema, ProductListSchema } from '../../../shared/product.ts';
import { SKU_PATTERN } from '../../../shared/variant.ts';
import { setUpTestApp } from '../../testing/test-app.ts';
import { ShippingZoneListSchema } from '../../../shared/shipping-settings.ts';
import { signUpAdmin } from '../../testing/accounts.ts';
import { taxRegion } from '../schema.ts';
import { seedProducts } from './catalogue.ts';
import { DEMO_TAX_STATES, seedDemoShipping } from './shipping.ts';

const t = setUpTestApp();

/** The seeded product named `name`, with its variants, as GET /api/products/{id} answers it. */
async function seeded(name: string) {
  const list = ProductListSchema.parse((await t.app.inject('/api/products')).json());
  const found = list.find((p) => p.name === name);
  expect(found, name).toBeDefined();
  const res = await t.app.inject(`/api/products/${found!._id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ProductDetailSchema.parse(res.json());
}

const KIT_PARTS = (bareSku: string) => [
  expect.objectContaining({ sku: bareSku, quantity: 1 }),
  expect.objectContaining({ sku: 'TH-BP20-50', quantity: 2, name: '20V 5.0Ah Battery Pack' }),
  expect.objectContaining({ sku: 'TH-RC20-01', quantity: 1, name: '20V Rapid Charger' }),
];

describe('the seeded catalogue (issue 34)', () => {
  it('gives every product a real SKU, unique, and every variant a weight', async () => {
    const skus = [];
    for (const { name } of seedProducts) {
      const product = await seeded(name);
      expect(product.sku, name).toMatch(/^TH-[A-Z0-9]+-[A-Z0-9]+$/);
      for (const v of product.variants) {
        expect(v.sku).toMatch(SKU_PATTERN);
        expect(v.weightGrams, v.sku).toBeGreaterThan(0);
        skus.push(v.sku.toLowerCase());
      }
    }
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('sells the battery pack and the rapid charger alone', async () => {
    for (const [name, sku, price] of [
      ['20V 5.0Ah Battery Pack', 'TH-BP20-50', 89],
      ['20V Rapid Charger', 'TH-RC20-01', 69],
    ] as const) {
      const product = await seeded(name);
      expect(product).toMatchObject({ sku, price, variantCount: 1, options: [] });
      expect(product.variants).toEqual([
        expect.objectContaining({ sku, label: '', parts: [], price }),
      ]);
    }
  });

  it.each([
    ['20V Cordless Drill/Driver', 'TH-DD20-B', 'TH-DD20-K2', 129, 640],
    ['Brushless Hammer Drill', 'TH-HD20-B', 'TH-HD20-K2', 189, 320],
    ['1/4" Impact Driver', 'TH-ID18-B', 'TH-ID18-K2', 149, 500],
  ])(
    '%s: the bare tool is the default (its old price and stock), the kit is made of it, 2 packs and the charger',
    async (name, bareSku, kitSku, price, stock) => {
      const product = await seeded(name);
      expect(product).toMatchObject({ sku: bareSku, price, availableQuantity: stock });
      const [bare] = product.variants;
      expect(bare).toMatchObject({ sku: bareSku, price, availableQuantity: stock, parts: [] });
      const kit = product.variants.find((v) => v.sku === kitSku);
      expect(kit?.parts).toHaveLength(3);
      expect(kit?.parts).toEqual(expect.arrayContaining(KIT_PARTS(bareSku)));
      // The kit's stock is what its parts allow: 1,200 packs make 600 kits, 600 chargers 600.
      expect(kit?.availableQuantity).toBe(Math.min(stock, 1200 / 2, 600));
      expect(kit!.weightGrams).toBeGreaterThan(bare!.weightGrams + 2 * 620 + 540);
    },
  );

  it('sells the impact driver in 12V and 18V, with no 12V kit', async () => {
    const product = await seeded('1/4" Impact Driver');
    expect(product.options).toEqual([
      { name: 'Voltage', values: ['12V', '18V'] },
      { name: 'Kit', values: ['Bare tool', '2 × 5.0Ah kit'] },
    ]);
    expect(product.variants.map((v) => [v.sku, v.label, v.price])).toEqual([
      ['TH-ID18-B', '18V · Bare tool', 149],
      ['TH-ID18-K2', '18V · 2 × 5.0Ah kit', 339],
      ['TH-ID12-B', '12V · Bare tool', 109],
    ]);
  });
});

describe('the demo shipping and tax settings (issue 35)', () => {
  it('seeds six zones, each country in one, with their methods and the tax states, once', async () => {
    const admin = await signUpAdmin(t);
    const zones = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/shipping-zones',
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return ShippingZoneListSchema.parse(res.json()).zones;
    };
    // The tests' template leaves them out (their shop has not configured shipping).
    expect(await zones()).toEqual([]);
    expect(await seedDemoShipping(t.database.db)).toBe(true);
    const seeded = await zones();
    expect(seeded.map((zone) => zone.name)).toEqual([
      'United States',
      'Canada',
      'European Union',
      'United Kingdom',
      'Australia',
      'Rest of world',
    ]);
    const countries = seeded.flatMap((zone) => zone.countries);
    expect(new Set(countries).size).toBe(countries.length);
    expect(countries).toEqual(expect.arrayContaining(['US', 'DE', 'FR', 'GB', 'JP', 'NZ', 'MX']));
    expect(countries).not.toContain('KP');

    const us = seeded[0]!.methods;
    expect(us.map((m) => [m.name, m.deliveryText, m.freeOver, m.collect])).toEqual([
      ['Standard', '3–5 business days', 199, false],
      ['Express', '1–2 business days', null, false],
      ['Freight', '5–7 business days, delivered by pallet', null, false],
      ['Collect from depot', 'Ready in 2 hours', null, true],
    ]);
    expect(us[0]!.rates).toEqual([
      { minWeightGrams: null, maxWeightGrams: 30000, minValue: null, maxValue: null, price: 9.95 },
    ]);
    expect(us[1]!.rates[0]!.price).toBe(24.95);
    // Freight is for orders over 30 kg only.
    expect(us[2]!.rates).toEqual([
      { minWeightGrams: 30001, maxWeightGrams: null, minValue: null, maxValue: null, price: 89 },
    ]);
    expect(us[3]!.rates.map((rate) => rate.price)).toEqual([0]);
    const eu = seeded[2]!;
    expect(eu.countries).toHaveLength(27);
    expect(eu.methods.find((m) => m.name === 'Standard')?.rates).toHaveLength(3);
    expect(seeded[5]!.methods.map((m) => m.name)).toEqual(['International']);

    const taxes = await t.database.db
      .select({ region: taxRegion.region })
      .from(taxRegion)
      .where(and(eq(taxRegion.country, 'US'), eq(taxRegion.collect, true)));
    expect(taxes.map((row) => row.region).sort()).toEqual([...DEMO_TAX_STATES].sort());

    // Again: a shop that has zones is left as it is.
    expect(await seedDemoShipping(t.database.db)).toBe(false);
    expect(await zones()).toHaveLength(6);
  });
});
