import { asc, inArray } from 'drizzle-orm';
import type { ShippingRate } from '../../../shared/shipping.ts';
import type { Db } from '../../db/client.ts';
import {
  pricingSettings,
  promotion,
  shippingMethod,
  shippingZone,
  taxRegion,
} from '../../db/schema.ts';
import type { PromotionRule } from './promotion-rules.ts';

// The shop's shipping zones, methods, tax table and promotions as the pricing step reads them: loaded once per
// pricing version (pricing_settings.version, bumped by the database on every change: drizzle/0030)
// and kept in memory, so a quote reads only the version with its lines.

export interface ShippingMethodRow {
  id: string;
  name: string;
  deliveryText: string;
  rates: ShippingRate[];
  freeOverCents: number | null;
  collect: boolean;
  position: number;
}

export interface ShippingZoneRow {
  id: string;
  name: string;
  countries: string[];
  regions: string[];
  position: number;
  methods: ShippingMethodRow[];
}

export interface TaxRow {
  country: string;
  region: string;
  standardPpm: number;
  reducedPpm: number;
  collect: boolean;
  taxShipping: boolean;
  pricesIncludeTax: boolean;
}

export interface PricingTables {
  version: number;
  originCountry: string;
  zones: ShippingZoneRow[];
  /** By "<country>-<region>" ('' region: the country's row, key "DE-"). */
  taxRows: Map<string, TaxRow>;
  /** Promotions not ended (active or paused: a paused one's code is answered as not valid). */
  promotions: PromotionRule[];
}

export const taxKey = (country: string, region: string) => `${country}-${region}`;

/** Reads the tables as they are now (their version is the one read with them). */
export async function loadPricingTables(db: Db): Promise<PricingTables> {
  return db.transaction(
    async (tx) => {
      const [settings] = await tx.select().from(pricingSettings);
      const zones = await tx
        .select()
        .from(shippingZone)
        .orderBy(asc(shippingZone.position), asc(shippingZone.id));
      const methods = await tx
        .select()
        .from(shippingMethod)
        .orderBy(asc(shippingMethod.position), asc(shippingMethod.id));
      const taxes = await tx.select().from(taxRegion);
      const promotions = await tx
        .select()
        .from(promotion)
        .where(inArray(promotion.status, ['active', 'paused']));
      if (!settings) throw new Error('pricing_settings has no row (migration 0030)');
      return {
        version: settings.version,
        originCountry: settings.originCountry,
        zones: zones.map((zone) => ({
          id: zone.id,
          name: zone.name,
          countries: zone.countries,
          regions: zone.regions,
          position: zone.position,
          methods: methods
            .filter((method) => method.zoneId === zone.id && method.active)
            .map((method) => ({
              id: method.id,
              name: method.name,
              deliveryText: method.deliveryText,
              rates: method.rates,
              freeOverCents: method.freeOverCents,
              collect: method.collect,
              position: method.position,
            })),
        })),
        taxRows: new Map(taxes.map((row) => [taxKey(row.country, row.region), row])),
        promotions: promotions.map((row): PromotionRule => ({
          ...row,
          startsAt: row.startsAt?.getTime() ?? null,
          endsAt: row.endsAt?.getTime() ?? null,
          createdAt: row.createdAt.getTime(),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The tables at least as new as `version`: the ones in memory when they are, else loaded again. A
 * quote records the version of the tables it used (the order statement compares it).
 */
export function pricingTablesCache(db: Db): (version: number) => Promise<PricingTables> {
  let latest: Promise<PricingTables> | null = null;
  return async (version) => {
    const known = latest && (await latest.catch(() => null));
    if (known && known.version >= version) return known;
    const loading = loadPricingTables(db);
    latest = loading;
    return loading;
  };
}
