import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { singleLineText } from './text.ts';

// What staff configure for shipping and tax (issue 35): shipping zones and their methods, the
// built-in tax table and the pricing settings, under /api/admin/… (permission admin.other). Money
// in dollars and rates in percent, as the rest of the API; stored as cents (`ShippingRate`,
// src/shared/shipping.ts) and parts per million.

export const ZONE_NOT_FOUND_MESSAGE = 'Shipping zone not found';
export const METHOD_NOT_FOUND_MESSAGE = 'Shipping method not found';
export const TAX_REGION_NOT_FOUND_MESSAGE = 'Tax region not found';
export const COUNTRY_CODE_MESSAGE = 'Use a two-letter country code such as US or DE';
export const REGION_CODE_MESSAGE = 'Use a region code such as US-CA';
export const regionOutsideZoneMessage = (region: string) =>
  `${region} is not in one of the zone's countries`;
export const COUNTRIES_REQUIRED_MESSAGE = 'Add at least one country';
export const RATES_REQUIRED_MESSAGE = 'Add at least one rate';
export const MIN_ABOVE_MAX_WEIGHT_MESSAGE = 'Max weight must be at least the min weight';
export const MIN_ABOVE_MAX_VALUE_MESSAGE = 'Max order value must be at least the min order value';

export const ZONE_COUNTRIES_MAX = 250;
export const ZONE_REGIONS_MAX = 100;
export const METHOD_RATES_MAX = 20;
export const SHIPPING_PRICE_MAX = 100_000;
export const WEIGHT_BAND_MAX_GRAMS = 10_000_000;

/**
 * Codes the browser's and Node's region names know although ISO 3166-1 assigns no country to them
 * today: groupings (EU, UN…), retired codes (UK, YU, SU…) and CLDR's extra territories. "UK" is
 * refused so that staff type GB, the code addresses carry.
 */
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(
    ' ',
  ),
);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
let allCountries: string[] | undefined;

/** Every country code (ISO 3166-1 alpha-2, and XK), alphabetically. */
export function countryCodes(): readonly string[] {
  allCountries ??= Array.from({ length: 26 * 26 }, (_, i) =>
    String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)),
  ).filter((code) => countryName(code) !== undefined);
  return allCountries;
}

/** The English name of an ISO 3166-1 alpha-2 code, or undefined when it names no country. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return undefined;
  try {
    return regionNames.of(code);
  } catch {
    return undefined;
  }
}

/** A country as staff type it: two letters (upper-cased), a country ISO 3166-1 knows. */
export const CountryCodeSchema = z
  .string({ error: COUNTRY_CODE_MESSAGE })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => countryName(code) !== undefined, COUNTRY_CODE_MESSAGE);

/** A region of a country, "US-CA" (ISO 3166-2 form: the country, a dash, 1 to 3 letters/digits). */
export const RegionCodeSchema = z
  .string({ error: REGION_CODE_MESSAGE })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine(
    (code) => /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(code) && countryName(code.slice(0, 2)) !== undefined,
    REGION_CODE_MESSAGE,
  );

/** Dollars from 0 (free) to `max`, at most 2 decimals. */
const dollars = (label: string, max = SHIPPING_PRICE_MAX) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(max, `${label} must be at most ${max}`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${label} can have at most 2 decimals`,
    );

const grams = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of grams` })
    .int(`${label} must be a whole number of grams`)
    .min(0, `${label} must be at least 0`)
    .max(WEIGHT_BAND_MAX_GRAMS, `${label} must be at most ${WEIGHT_BAND_MAX_GRAMS} g`);

const position = z
  .number({ error: 'Position must be a whole number' })
  .int('Position must be a whole number')
  .min(0, 'Position must be at least 0')
  .max(10_000, 'Position must be at most 10000');

// ---- Zones ----

/** POST /api/admin/shipping-zones and PUT /api/admin/shipping-zones/{zoneId}. */
export const ShippingZoneBodySchema = z
  .object({
    name: singleLineText('Name', { required: 'Name is required' }).max(
      80,
      'Name must be at most 80 characters',
    ),
    countries: z
      .array(CountryCodeSchema, { error: COUNTRIES_REQUIRED_MESSAGE })
      .min(1, COUNTRIES_REQUIRED_MESSAGE)
      .max(ZONE_COUNTRIES_MAX, `At most ${ZONE_COUNTRIES_MAX} countries`),
    /** Empty: the whole of each country. Else only these regions ("US-AK") of its countries. */
    regions: z
      .array(RegionCodeSchema)
      .max(ZONE_REGIONS_MAX, `At most ${ZONE_REGIONS_MAX} regions`)
      .default([]),
    position: position.default(0),
  })
  .superRefine((zone, ctx) => {
    zone.regions.forEach((region, i) => {
      if (!zone.countries.includes(region.slice(0, 2)))
        ctx.addIssue({
          code: 'custom',
          path: ['regions', i],
          message: regionOutsideZoneMessage(region),
        });
    });
  })
  .transform((zone) => ({
    ...zone,
    countries: [...new Set(zone.countries)],
    regions: [...new Set(zone.regions)],
  }));
export type ShippingZoneBody = z.input<typeof ShippingZoneBodySchema>;
export type ShippingZoneInput = z.output<typeof ShippingZoneBodySchema>;

export const ShippingZoneParamsSchema = z.object({
  zoneId: singleLineText('Zone id', { keepSpaces: true }),
});
export const ShippingMethodParamsSchema = z.object({
  methodId: singleLineText('Method id', { keepSpaces: true }),
});

// ---- Methods ----

/**
 * One band of a method's rates, in dollars: the first band the order's weight (grams) and net
 * value fall in gives the price; a bound left out (or null) does not limit; max bounds inclusive.
 */
export const ShippingRateBodySchema = z
  .object({
    minWeightGrams: grams('Min weight').nullish(),
    maxWeightGrams: grams('Max weight').nullish(),
    minValue: dollars('Min order value', 10_000_000).nullish(),
    maxValue: dollars('Max order value', 10_000_000).nullish(),
    price: dollars('Price'),
  })
  .superRefine((band, ctx) => {
    if (band.minWeightGrams != null && band.maxWeightGrams != null)
      if (band.minWeightGrams > band.maxWeightGrams)
        ctx.addIssue({
          code: 'custom',
          path: ['maxWeightGrams'],
          message: MIN_ABOVE_MAX_WEIGHT_MESSAGE,
        });
    if (band.minValue != null && band.maxValue != null && band.minValue > band.maxValue)
      ctx.addIssue({ code: 'custom', path: ['maxValue'], message: MIN_ABOVE_MAX_VALUE_MESSAGE });
  });
export type ShippingRateBody = z.input<typeof ShippingRateBodySchema>;

/** POST /api/admin/shipping-zones/{zoneId}/methods and PUT /api/admin/shipping-methods/{methodId}. */
export const ShippingMethodBodySchema = z.object({
  name: singleLineText('Name', { required: 'Name is required' }).max(
    80,
    'Name must be at most 80 characters',
  ),
  /** What the checkout says about delivery time ("3–5 business days"). */
  deliveryText: singleLineText('Delivery time')
    .max(120, 'Delivery time must be at most 120 characters')
    .default(''),
  rates: z
    .array(ShippingRateBodySchema, { error: RATES_REQUIRED_MESSAGE })
    .min(1, RATES_REQUIRED_MESSAGE)
    .max(METHOD_RATES_MAX, `At most ${METHOD_RATES_MAX} rates`),
  /** From this order value (net, dollars) on, the method is free; null: never. */
  freeOver: dollars('Free over', 10_000_000).nullable().default(null),
  /** Collected from the depot: nothing is shipped. */
  collect: z.boolean({ error: 'Collect must be true or false' }).default(false),
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
  position: position.default(0),
});
export type ShippingMethodBody = z.input<typeof ShippingMethodBodySchema>;
export type ShippingMethodInput = z.output<typeof ShippingMethodBodySchema>;

/** A band as the API answers it (dollars; a bound that does not limit is null). */
export const ShippingRateAnswerSchema = z.object({
  minWeightGrams: z.number().int().nullable(),
  maxWeightGrams: z.number().int().nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  price: z.number(),
});
export type ShippingRateAnswer = z.infer<typeof ShippingRateAnswerSchema>;

export const ShippingMethodSchema = z.object({
  _id: IdSchema,
  zoneId: IdSchema,
  name: z.string(),
  deliveryText: z.string(),
  rates: z.array(ShippingRateAnswerSchema),
  freeOver: z.number().nullable(),
  collect: z.boolean(),
  active: z.boolean(),
  position: z.number().int(),
});
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

export const ShippingZoneSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  position: z.number().int(),
  /** By position, then name. */
  methods: z.array(ShippingMethodSchema),
});
export type ShippingZone = z.infer<typeof ShippingZoneSchema>;

/** GET /api/admin/shipping-zones: by position, then name. */
export const ShippingZoneListSchema = z.object({ zones: z.array(ShippingZoneSchema) });
export type ShippingZoneList = z.infer<typeof ShippingZoneListSchema>;

export const DeletedSchema = z.object({ deleted: z.literal(true) });

// ---- The tax table ----

/** A rate in percent as staff type it: 0 to 100, at most 4 decimals (8.875). */
const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(100, `${label} must be at most 100`)
    .refine(
      (value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6,
      `${label} can have at most 4 decimals`,
    );

/** A row of the tax table: "DE" (a country's row) or "US-CA" (a region's). */
export const TaxRegionParamsSchema = z.object({
  code: singleLineText('Tax region', { keepSpaces: true }),
});

/** The row's code in the URL: "DE" for a country's row, "US-CA" for a region's. */
export const taxRegionCode = (country: string, region: string) =>
  region === '' ? country : `${country}-${region}`;

/** PATCH /api/admin/tax-regions/{code}: what is sent changes; the rest stays. */
export const TaxRegionPatchSchema = z
  .object({
    standardRate: percent('Standard rate').optional(),
    reducedRate: percent('Reduced rate').optional(),
    collect: z.boolean({ error: 'Collect must be true or false' }).optional(),
    taxShipping: z.boolean({ error: 'Tax shipping must be true or false' }).optional(),
    pricesIncludeTax: z.boolean({ error: 'Prices include tax must be true or false' }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type TaxRegionPatch = z.input<typeof TaxRegionPatchSchema>;

export const TaxRegionSchema = z.object({
  /** "DE", or "US-CA" for a region. */
  code: z.string(),
  country: z.string(),
  /** '' for a country's row. */
  region: z.string(),
  name: z.string(),
  /** Percent, e.g. 8.875. */
  standardRate: z.number(),
  reducedRate: z.number(),
  collect: z.boolean(),
  taxShipping: z.boolean(),
  pricesIncludeTax: z.boolean(),
  updatedAt: z.string(),
});
export type TaxRegion = z.infer<typeof TaxRegionSchema>;

/** GET /api/admin/tax-regions: by country, the country's row first, then its regions. */
export const TaxRegionListSchema = z.object({ regions: z.array(TaxRegionSchema) });
export type TaxRegionList = z.infer<typeof TaxRegionListSchema>;

// ---- Pricing settings ----

/** GET and PUT /api/admin/pricing-settings. */
export const PricingSettingsBodySchema = z.object({
  /** Where an order with a one-line address (the spec's form) is priced. */
  originCountry: CountryCodeSchema,
});
export type PricingSettingsBody = z.input<typeof PricingSettingsBodySchema>;

export const PricingSettingsSchema = z.object({
  originCountry: z.string(),
  /** Grows with every change of a zone, method, tax row or these settings. */
  version: z.number().int(),
});
export type PricingSettings = z.infer<typeof PricingSettingsSchema>;

/**
 * The staff API's paths (issue 35), kept here rather than in `apiPaths`: only the staff screens
 * use them, and `apiPaths` is in every page's first script.
 */
export const shippingSettingsPaths = {
  shippingZones: '/api/admin/shipping-zones',
  shippingZone: (id: string) => `/api/admin/shipping-zones/${encodeURIComponent(id)}`,
  shippingZoneMethods: (id: string) =>
    `/api/admin/shipping-zones/${encodeURIComponent(id)}/methods`,
  shippingMethod: (id: string) => `/api/admin/shipping-methods/${encodeURIComponent(id)}`,
  taxRegions: '/api/admin/tax-regions',
  taxRegion: (code: string) => `/api/admin/tax-regions/${encodeURIComponent(code)}`,
  pricingSettings: '/api/admin/pricing-settings',
} as const;
