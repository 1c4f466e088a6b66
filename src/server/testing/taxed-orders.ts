import { expect } from 'vitest';
import { PurchaseSchema, type Purchase } from '../../shared/purchase.ts';
import { shippingMethod, shippingZone, taxRegion } from '../db/schema.ts';
import type { SignedIn } from './accounts.ts';
import { payWithTestCard } from './aftersale.ts';
import { createProduct } from './factories.ts';
import type { TestApp } from './test-app.ts';

/*
 * Orders with shipping and tax (issue 35), for the documents and refunds tests: California's sales
 * tax (7.25%, collected, shipping taxed) and one priced method for the whole US, set up directly in
 * the test's own database, then an order placed through POST /api/purchase with a structured
 * address. Numbers of the default order (4 × $25.00), to compare documents against:
 *   net 10000, tax 725 (10000 × 7.25%), shipping 1000, shipping tax 73 (72.5 rounded half up),
 *   amount 11798.
 */

export const CA_TAX_PPM = 72_500;
export const SHIPPING_METHOD_NAME = 'Ground (tested)';
export const SHIPPING_PRICE_CENTS = 1_000;
export const CA_ADDRESS = {
  address: '1 Market Street',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};

/** California collects 7.25% on goods and shipping; the US has one method at $10.00. */
export async function setUpCaliforniaTax(t: TestApp): Promise<void> {
  const { db } = t.database;
  await db
    .insert(taxRegion)
    .values({
      country: 'US',
      region: 'CA',
      name: 'California',
      standardPpm: CA_TAX_PPM,
      collect: true,
      taxShipping: true,
    })
    // The built-in table (drizzle/0031) has California, not collected: collected here.
    .onConflictDoUpdate({
      target: [taxRegion.country, taxRegion.region],
      set: { standardPpm: CA_TAX_PPM, collect: true, taxShipping: true, pricesIncludeTax: false },
    });
  const [zone] = await db
    .insert(shippingZone)
    .values({ name: 'United States (tested)', countries: ['US'] })
    .returning({ id: shippingZone.id });
  if (!zone) throw new Error('zone insert returned nothing');
  await db.insert(shippingMethod).values({
    zoneId: zone.id,
    name: SHIPPING_METHOD_NAME,
    deliveryText: '3–5 working days',
    rates: [{ priceCents: SHIPPING_PRICE_CENTS }],
  });
}

/**
 * A new product and the customer's order of it delivered to California (tax and shipping set up
 * with setUpCaliforniaTax), paid through the test processor unless `paid` is false.
 */
export async function taxedOrder(
  t: TestApp,
  who: SignedIn,
  options: { quantity?: number; priceCents?: number; name?: string; paid?: boolean } = {},
): Promise<Purchase> {
  const item = await createProduct(t.database.db, {
    priceCents: options.priceCents ?? 2_500,
    ...(options.name ? { name: options.name } : {}),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.headers,
    payload: {
      productId: item.id,
      orderQuantity: options.quantity ?? 4,
      phone: '+1 415 555 0100',
      ...CA_ADDRESS,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = PurchaseSchema.parse(res.json());
  if (options.paid !== false) await payWithTestCard(t, who, order);
  return order;
}
