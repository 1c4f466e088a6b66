import type { PostalAddress } from '../../shared/postal-address.ts';
import type { Database } from '../db/client.ts';
import { shippingMethod, shippingZone, taxRegion } from '../db/schema.ts';
import {
  builtinTaxProvider,
  createPricer,
  type Pricer,
  pricingTablesCache,
} from '../modules/pricing/index.ts';
import type { TaxRow } from '../modules/pricing/pricing-tables.ts';

/** The pricing step as the app makes it (the built-in tax table), for tests that call services. */
export const testPricer = (database: {
  db: Database['db'];
  pool: Pick<Database['pool'], 'query'>;
}): Pricer =>
  createPricer({
    pool: database.pool,
    tablesAt: pricingTablesCache(database.db),
    taxProviderFor: builtinTaxProvider,
  });

/** An address in `country` (and `region`) for the pricing pipeline's own tests. */
export const testAddress = (country: string, region = ''): PostalAddress => ({
  name: 'Buyer',
  company: '',
  line1: '1 Main St',
  line2: '',
  city: 'Town',
  region,
  postalCode: '',
  country,
  phone: '',
});

/** A tax table row: collected, shipping taxed, prices without tax, rates 0 unless given. */
export const testTaxRow = (country: string, region: string, over: Partial<TaxRow>): TaxRow => ({
  country,
  region,
  standardPpm: 0,
  reducedPpm: 0,
  collect: true,
  taxShipping: true,
  pricesIncludeTax: false,
  ...over,
});

/** A New York delivery address as the API takes it. */
export const NEW_YORK = {
  name: 'Nia York',
  line1: '350 Fifth Avenue',
  city: 'New York',
  region: 'NY',
  postalCode: '10118',
  country: 'US',
  phone: '+1 212 555 0100',
};

/**
 * Replaces the shop's shipping with one US zone, Standard ($9.95, free from $199 of lines) and
 * Express ($24.95), both up to 30 kg, and collects New York's 8.875% (shipping taxed). Returns the
 * zone's and the methods' ids.
 */
export async function setUpUsShipping(db: Database['db']) {
  await db.delete(shippingZone);
  const [us] = await db
    .insert(shippingZone)
    .values([{ name: 'United States', countries: ['US'], position: 0 }])
    .returning({ id: shippingZone.id });
  if (!us) throw new Error('no zone');
  const [standard, express] = await db
    .insert(shippingMethod)
    .values([
      {
        zoneId: us.id,
        name: 'Standard',
        deliveryText: '3–5 business days',
        rates: [{ maxWeightGrams: 30_000, priceCents: 995 }],
        freeOverCents: 19_900,
        position: 0,
      },
      {
        zoneId: us.id,
        name: 'Express',
        deliveryText: '1–2 business days',
        rates: [{ maxWeightGrams: 30_000, priceCents: 2_495 }],
        position: 1,
      },
    ])
    .returning({ id: shippingMethod.id });
  if (!standard || !express) throw new Error('no methods');
  await db
    .insert(taxRegion)
    .values({ country: 'US', region: 'NY', name: 'New York', standardPpm: 88_750, collect: true })
    .onConflictDoUpdate({
      target: [taxRegion.country, taxRegion.region],
      set: { standardPpm: 88_750, collect: true, taxShipping: true, pricesIncludeTax: false },
    });
  return { zoneId: us.id, standard: standard.id, express: express.id };
}
