import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product, variant } from '../db/schema.ts';
import { afterDirectWrite, createProduct } from '../testing/factories.ts';
import { buildSsrTestApp } from '../testing/ssr-test-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// Issue 34: the product page of a product of several variants is rendered for the variant the
// URL's ?sku= names (an unknown one: the default), and says what it sells in a ProductGroup.

let t: TestApp;
let drillId: string;
let singleId: string;

const OPTIONS = [
  { name: 'Voltage', values: ['12V', '18V'] },
  { name: 'Kit', values: ['Bare tool', 'Kit'] },
];

beforeAll(async () => {
  t = await buildSsrTestApp();
  const db = t.database.db;
  const drill = await createProduct(db, {
    name: 'Variant Page Drill',
    priceCents: 9_900,
    minQuantity: 1,
    availableQuantity: 40,
  });
  drillId = drill.id;
  await db.update(product).set({ options: OPTIONS }).where(eq(product.id, drill.id));
  await db
    .update(variant)
    .set({
      sku: 'VPD-12-BARE',
      optionValues: { Voltage: '12V', Kit: 'Bare tool' },
      label: '12V · Bare tool',
    })
    .where(eq(variant.id, drill.variantId));
  await db.insert(variant).values([
    {
      productId: drill.id,
      sku: 'VPD-18-BARE',
      optionValues: { Voltage: '18V', Kit: 'Bare tool' },
      label: '18V · Bare tool',
      position: 1,
      priceCents: 12_900,
      minQuantity: 2,
      availableQuantity: 17,
    },
    {
      productId: drill.id,
      sku: 'VPD-18-KIT',
      optionValues: { Voltage: '18V', Kit: 'Kit' },
      label: '18V · Kit',
      position: 2,
      priceCents: 24_900,
      minQuantity: 1,
      availableQuantity: 0,
    },
  ]);
  singleId = (await createProduct(db, { name: 'Single Variant Saw' })).id;
  await afterDirectWrite();
});
afterAll(async () => {
  await t?.close();
});

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The checked radio of an option group, as rendered. */
function checkedValue(html: string, option: string): string | undefined {
  const radios = [...html.matchAll(/<input [^>]*name="option-([^"]+)"[^>]*>/g)];
  const checked = radios.find((radio) => radio[1] === option && /checked=""/.test(radio[0]));
  return /value="([^"]*)"/.exec(checked?.[0] ?? '')?.[1];
}

describe('/purchase/:productId?sku=', () => {
  it('renders the variant the URL names: its price, SKU, stock and minimum, checked in the picker', async () => {
    const res = await t.app.inject(`/purchase/${drillId}?sku=VPD-18-BARE`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Price: $<!-- -->129.00');
    expect(res.body).toContain('SKU: <!-- -->VPD-18-BARE');
    expect(res.body).toContain('Stock available: <!-- -->17');
    expect(res.body).toContain('Min order quantity: <!-- -->2');
    expect(res.body).toContain('<legend class="mb-2 font-semibold">Voltage</legend>');
    expect(checkedValue(res.body, 'Voltage')).toBe('18V');
    expect(checkedValue(res.body, 'Kit')).toBe('Bare tool');
    // The kit exists but cannot be ordered: shown, and said so.
    expect(res.body).toMatch(/Kit \(out of stock\)/);
  });

  it('finds the SKU whatever its letters’ case', async () => {
    const res = await t.app.inject(`/purchase/${drillId}?sku=vpd-18-kit`);
    expect(res.body).toContain('SKU: <!-- -->VPD-18-KIT');
    expect(res.body).toContain('Price: $<!-- -->249.00');
  });

  it.each([
    ['no ?sku=', ''],
    ['an unknown ?sku=', '?sku=NO-SUCH-SKU'],
    ['a SKU of another product', '?sku=TEST-1'],
  ])('with %s, renders the default variant', async (_label, query) => {
    const res = await t.app.inject(`/purchase/${drillId}${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('SKU: <!-- -->VPD-12-BARE');
    expect(res.body).toContain('Price: $<!-- -->99.00');
    expect(checkedValue(res.body, 'Voltage')).toBe('12V');
  });

  it('says what it sells in a ProductGroup: one offer per variant with its SKU, price and availability', async () => {
    const res = await t.app.inject(`/purchase/${drillId}?sku=VPD-18-BARE`);
    const [group] = jsonLdOf(res.body);
    expect(group).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Variant Page Drill',
      productGroupID: drillId,
      variesBy: ['Voltage', 'Kit'],
    });
    const offers = (group!.hasVariant as { sku: string; offers: Record<string, string> }[]).map(
      (item) => ({ sku: item.sku, ...item.offers }),
    );
    expect(offers).toEqual([
      expect.objectContaining({
        sku: 'VPD-12-BARE',
        price: '99.00',
        availability: 'https://schema.org/InStock',
        url: `https://shop.example/purchase/${drillId}?sku=VPD-12-BARE`,
      }),
      expect.objectContaining({
        sku: 'VPD-18-BARE',
        price: '129.00',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({
        sku: 'VPD-18-KIT',
        price: '249.00',
        availability: 'https://schema.org/OutOfStock',
      }),
    ]);
  });

  it('leaves a product of one variant as it was: no picker, no SKU line, no ProductGroup', async () => {
    const res = await t.app.inject(`/purchase/${singleId}?sku=anything`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Single Variant Saw');
    expect(res.body).not.toContain('<fieldset');
    expect(res.body).not.toContain('SKU:');
    expect(jsonLdOf(res.body)).toEqual([]);
  });
});
