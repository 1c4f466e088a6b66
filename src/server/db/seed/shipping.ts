import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { ShippingRate } from '../../../shared/shipping.ts';
import { countryCodes } from '../../../shared/shipping-settings.ts';
import * as schema from '../schema.ts';

// The demo shop's shipping and tax settings (issue 35): zones and methods as a US manufacturer
// would start with, and sales tax collected in the states where it has nexus. Staff change them
// in Shipping and Taxes (the dashboard); the tax rates themselves are the built-in table (0031).

type Db = Pick<NodePgDatabase<typeof schema>, 'select' | 'insert' | 'update'>;

interface SeedMethod {
  name: string;
  deliveryText: string;
  rates: ShippingRate[];
  freeOverCents?: number;
  collect?: boolean;
}

interface SeedZone {
  name: string;
  countries: readonly string[];
  methods: SeedMethod[];
}

/** Parcels up to 30 kg; heavier orders go by freight (or are collected). */
const PARCEL_MAX_GRAMS = 30_000;

export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const; // prettier-ignore

/** Where the demo shop does not ship (export restrictions): not in its "Rest of world". */
const NOT_SHIPPED_TO = ['BY', 'CU', 'IR', 'KP', 'RU', 'SY'];

/** The states where the demo shop collects sales tax (its nexus). */
export const DEMO_TAX_STATES = ['CA', 'IL', 'NY', 'TX', 'WI'] as const;

const parcel = (priceCents: number): ShippingRate[] => [
  { maxWeightGrams: PARCEL_MAX_GRAMS, priceCents },
];
/** By weight: up to 2 kg, up to 10 kg, up to 30 kg. */
const byWeight = (upTo2kg: number, upTo10kg: number, upTo30kg: number): ShippingRate[] => [
  { maxWeightGrams: 2_000, priceCents: upTo2kg },
  { minWeightGrams: 2_001, maxWeightGrams: 10_000, priceCents: upTo10kg },
  { minWeightGrams: 10_001, maxWeightGrams: PARCEL_MAX_GRAMS, priceCents: upTo30kg },
];

function demoZones(): SeedZone[] {
  const named = new Set<string>(['US', 'CA', 'GB', 'AU', ...EU_COUNTRIES, ...NOT_SHIPPED_TO]);
  return [
    {
      name: 'United States',
      countries: ['US'],
      methods: [
        {
          name: 'Standard',
          deliveryText: '3–5 business days',
          rates: parcel(995),
          freeOverCents: 19_900,
        },
        { name: 'Express', deliveryText: '1–2 business days', rates: parcel(2495) },
        {
          name: 'Freight',
          deliveryText: '5–7 business days, delivered by pallet',
          rates: [{ minWeightGrams: PARCEL_MAX_GRAMS + 1, priceCents: 8900 }],
        },
        {
          name: 'Collect from depot',
          deliveryText: 'Ready in 2 hours',
          rates: [{ priceCents: 0 }],
          collect: true,
        },
      ],
    },
    {
      name: 'Canada',
      countries: ['CA'],
      methods: [
        { name: 'Standard', deliveryText: '5–8 business days', rates: parcel(1995) },
        { name: 'Express', deliveryText: '2–3 business days', rates: parcel(3995) },
      ],
    },
    {
      name: 'European Union',
      countries: EU_COUNTRIES,
      methods: [
        { name: 'Standard', deliveryText: '5–7 business days', rates: byWeight(1495, 2495, 4995) },
        { name: 'Express', deliveryText: '2–3 business days', rates: byWeight(3495, 4995, 8995) },
      ],
    },
    {
      name: 'United Kingdom',
      countries: ['GB'],
      methods: [
        { name: 'Standard', deliveryText: '4–6 business days', rates: parcel(1495) },
        { name: 'Express', deliveryText: '2–3 business days', rates: parcel(3495) },
      ],
    },
    {
      name: 'Australia',
      countries: ['AU'],
      methods: [
        { name: 'Standard', deliveryText: '7–10 business days', rates: parcel(2495) },
        { name: 'Express', deliveryText: '3–5 business days', rates: parcel(4995) },
      ],
    },
    {
      name: 'Rest of world',
      countries: countryCodes().filter((code) => !named.has(code)),
      methods: [
        {
          name: 'International',
          deliveryText: '7–14 business days',
          rates: byWeight(2995, 5995, 11_900),
        },
      ],
    },
  ];
}

/**
 * Seeds the demo zones and methods and collects sales tax in DEMO_TAX_STATES, once: a shop that
 * already has a zone (its staff configured shipping) is left as it is. Four statements.
 */
export async function seedDemoShipping(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: schema.shippingZone.id }).from(schema.shippingZone).limit(1);
  if (any) return false;
  const zones = demoZones();
  const made = await db
    .insert(schema.shippingZone)
    .values(
      zones.map((zone, position) => ({
        name: zone.name,
        countries: [...zone.countries],
        position,
      })),
    )
    .returning({ id: schema.shippingZone.id, name: schema.shippingZone.name });
  const idOf = new Map(made.map((zone) => [zone.name, zone.id]));
  await db.insert(schema.shippingMethod).values(
    zones.flatMap((zone) =>
      zone.methods.map((method, position) => ({
        zoneId: idOf.get(zone.name) ?? '',
        name: method.name,
        deliveryText: method.deliveryText,
        rates: method.rates,
        freeOverCents: method.freeOverCents ?? null,
        collect: method.collect ?? false,
        position,
      })),
    ),
  );
  await db
    .update(schema.taxRegion)
    .set({ collect: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(schema.taxRegion.country, 'US'),
        inArray(schema.taxRegion.region, [...DEMO_TAX_STATES]),
      ),
    );
  return true;
}
