import type { PostalAddress } from '../../../shared/postal-address.ts';
import type { ShippingRate } from '../../../shared/shipping.ts';
import type { PricingTables, ShippingZoneRow } from './pricing-tables.ts';

// Which shipping methods apply to an address and an order, at what price (issue 35): the rules
// of docs/decisions/050, pure so tests check them without a database.

/** A method that applies, priced for the order (net cents). */
export interface ShippingChoice {
  id: string;
  name: string;
  deliveryText: string;
  collect: boolean;
  priceCents: number;
}

/** The method of a shop with no zone configured yet: free delivery everywhere. */
export const UNCONFIGURED_SHIPPING: ShippingChoice = {
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Standard delivery',
  deliveryText: '',
  collect: false,
  priceCents: 0,
};

/**
 * The zone of an address: among the zones holding its country, one listing its region
 * ("US-AK") beats one for the whole country (no regions); then the lowest position.
 */
export function zoneFor(
  zones: readonly ShippingZoneRow[],
  address: Pick<PostalAddress, 'country' | 'region'>,
): ShippingZoneRow | undefined {
  const region = `${address.country}-${address.region}`;
  let best: ShippingZoneRow | undefined;
  let bestRank = 0;
  for (const zone of zones) {
    if (!zone.countries.includes(address.country)) continue;
    const rank = zone.regions.length === 0 ? 1 : zone.regions.includes(region) ? 2 : 0;
    if (rank > bestRank) [best, bestRank] = [zone, rank];
  }
  return best;
}

const fits = (rate: ShippingRate, weightGrams: number, valueCents: number) =>
  (rate.minWeightGrams === undefined || weightGrams >= rate.minWeightGrams) &&
  (rate.maxWeightGrams === undefined || weightGrams <= rate.maxWeightGrams) &&
  (rate.minValueCents === undefined || valueCents >= rate.minValueCents) &&
  (rate.maxValueCents === undefined || valueCents <= rate.maxValueCents);

/**
 * The methods that deliver an order of `weightGrams` and net value `valueCents` to `address`,
 * cheapest first (then by position): each priced by its first band that fits, free from its
 * threshold on; a method none of whose bands fit does not apply. Empty: the shop does not deliver
 * there. A shop with no zone at all delivers everywhere for free (UNCONFIGURED_SHIPPING).
 */
export function shippingChoices(
  tables: Pick<PricingTables, 'zones'>,
  address: Pick<PostalAddress, 'country' | 'region'>,
  weightGrams: number,
  valueCents: number,
): ShippingChoice[] {
  if (tables.zones.length === 0) return [UNCONFIGURED_SHIPPING];
  const zone = zoneFor(tables.zones, address);
  if (!zone) return [];
  const choices: (ShippingChoice & { position: number })[] = [];
  for (const method of zone.methods) {
    const band = method.rates.find((rate) => fits(rate, weightGrams, valueCents));
    if (!band) continue;
    const free = method.freeOverCents !== null && valueCents >= method.freeOverCents;
    choices.push({
      id: method.id,
      name: method.name,
      deliveryText: method.deliveryText,
      collect: method.collect,
      priceCents: free ? 0 : band.priceCents,
      position: method.position,
    });
  }
  return choices
    .sort((a, b) => a.priceCents - b.priceCents || a.position - b.position)
    .map(({ position: _position, ...choice }) => choice);
}
