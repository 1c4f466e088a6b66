import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODE_MESSAGE,
  MIN_ABOVE_MAX_VALUE_MESSAGE,
  MIN_ABOVE_MAX_WEIGHT_MESSAGE,
  METHOD_NOT_FOUND_MESSAGE,
  RATES_REQUIRED_MESSAGE,
  REGION_CODE_MESSAGE,
  regionOutsideZoneMessage,
  ShippingMethodSchema,
  ShippingZoneListSchema,
  ShippingZoneSchema,
  TAX_REGION_NOT_FOUND_MESSAGE,
  TaxRegionListSchema,
  TaxRegionSchema,
  ZONE_NOT_FOUND_MESSAGE,
  type ShippingMethodBody,
  type ShippingZoneBody,
} from '../../../shared/shipping-settings.ts';
import { auditLog, pricingSettings, shippingMethod, taxRegion } from '../../db/schema.ts';
import type { SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { signUpWithRole } from '../../testing/staff.ts';

// Staff's shipping and tax settings (issue 35): zones and methods, the built-in tax table
// (drizzle/0031) and the pricing settings, on the real app and PostgreSQL.

const t = setUpAppWithAccounts();

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  who: SignedIn | null = t.admin,
) => t.app.inject({ method, url: `/api/admin${url}`, payload, headers: who?.headers });

const version = async () =>
  (await t.database.db.select({ v: pricingSettings.version }).from(pricingSettings))[0]!.v;

const lastAudit = async (targetId: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, targetId))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

const zoneBody: ShippingZoneBody = {
  name: 'Test Alaska & Hawaii',
  countries: ['us'],
  regions: ['US-AK', 'us-hi'],
};
const methodBody: ShippingMethodBody = {
  name: 'Standard',
  deliveryText: '5–8 business days',
  rates: [
    { maxWeightGrams: 2000, price: 14.95 },
    { minWeightGrams: 2001, maxWeightGrams: 30000, maxValue: 500, price: 39.5 },
  ],
  freeOver: 199.99,
};

async function newZone(body: ShippingZoneBody = zoneBody) {
  const res = await call('POST', '/shipping-zones', body);
  expect(res.statusCode, res.body).toBe(201);
  return ShippingZoneSchema.parse(res.json());
}

describe('shipping zones and methods', () => {
  it('creates a zone (codes upper-cased), adds a method in dollars, stores cents, lists both', async () => {
    const before = await version();
    const zone = await newZone();
    expect(zone).toMatchObject({
      name: 'Test Alaska & Hawaii',
      countries: ['US'],
      regions: ['US-AK', 'US-HI'],
      position: 0,
      methods: [],
    });
    const res = await call('POST', `/shipping-zones/${zone._id}/methods`, methodBody);
    expect(res.statusCode, res.body).toBe(201);
    const method = ShippingMethodSchema.parse(res.json());
    expect(method).toMatchObject({
      zoneId: zone._id,
      name: 'Standard',
      deliveryText: '5–8 business days',
      freeOver: 199.99,
      collect: false,
      active: true,
      position: 0,
      rates: [
        {
          minWeightGrams: null,
          maxWeightGrams: 2000,
          minValue: null,
          maxValue: null,
          price: 14.95,
        },
        { minWeightGrams: 2001, maxWeightGrams: 30000, minValue: null, maxValue: 500, price: 39.5 },
      ],
    });
    // Stored as the pricing step reads it: cents, a bound that does not limit left out.
    const [row] = await t.database.db
      .select()
      .from(shippingMethod)
      .where(eq(shippingMethod.id, method._id));
    expect(row!.freeOverCents).toBe(19999);
    expect(row!.rates).toEqual([
      { maxWeightGrams: 2000, priceCents: 1495 },
      { minWeightGrams: 2001, maxWeightGrams: 30000, maxValueCents: 50000, priceCents: 3950 },
    ]);
    // Every change bumps the pricing version (a quote priced before is refused).
    expect(await version()).toBeGreaterThanOrEqual(before + 2);

    const list = ShippingZoneListSchema.parse((await call('GET', '/shipping-zones')).json());
    const listed = list.zones.find((z) => z._id === zone._id);
    expect(listed?.methods).toEqual([method]);
    expect(await lastAudit(method._id)).toMatchObject({
      action: 'shipping-method.create',
      actorEmail: t.admin.email,
    });
  });

  it('updates a zone and a method, deletes a method, then the zone with its methods', async () => {
    const zone = await newZone();
    const made = ShippingMethodSchema.parse(
      (await call('POST', `/shipping-zones/${zone._id}/methods`, methodBody)).json(),
    );
    const renamed = await call('PUT', `/shipping-zones/${zone._id}`, {
      name: 'Test Canada',
      countries: ['CA'],
      position: 4,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Test Canada',
      countries: ['CA'],
      regions: [],
      position: 4,
      methods: [expect.objectContaining({ _id: made._id })],
    });
    expect(await lastAudit(zone._id)).toMatchObject({
      action: 'shipping-zone.update',
      before: expect.objectContaining({ name: 'Test Alaska & Hawaii' }),
      after: expect.objectContaining({ name: 'Test Canada' }),
    });

    const changed = await call('PUT', `/shipping-methods/${made._id}`, {
      name: 'Collect from depot',
      deliveryText: 'Ready in 2 hours',
      rates: [{ price: 0 }],
      collect: true,
      active: false,
      position: 3,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Collect from depot',
      rates: [
        { minWeightGrams: null, maxWeightGrams: null, minValue: null, maxValue: null, price: 0 },
      ],
      freeOver: null,
      collect: true,
      active: false,
      position: 3,
    });

    const second = ShippingMethodSchema.parse(
      (await call('POST', `/shipping-zones/${zone._id}/methods`, methodBody)).json(),
    );
    expect((await call('DELETE', `/shipping-methods/${made._id}`)).json()).toEqual({
      deleted: true,
    });
    expect((await call('DELETE', `/shipping-methods/${made._id}`)).statusCode).toBe(404);
    expect(await lastAudit(made._id)).toMatchObject({ action: 'shipping-method.delete' });

    const gone = await call('DELETE', `/shipping-zones/${zone._id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const left = await t.database.db
      .select()
      .from(shippingMethod)
      .where(eq(shippingMethod.id, second._id));
    expect(left).toEqual([]);
    const list = ShippingZoneListSchema.parse((await call('GET', '/shipping-zones')).json());
    expect(list.zones.some((z) => z._id === zone._id)).toBe(false);
    expect(await lastAudit(zone._id)).toMatchObject({ action: 'shipping-zone.delete' });
  });

  it('refuses bad zones with 400 and the field', async () => {
    const cases: [object, string, string][] = [
      [{ ...zoneBody, countries: [] }, 'countries', 'Add at least one country'],
      [{ ...zoneBody, countries: ['USA'] }, 'countries.0', COUNTRY_CODE_MESSAGE],
      [{ ...zoneBody, countries: ['XX'] }, 'countries.0', COUNTRY_CODE_MESSAGE],
      [{ ...zoneBody, regions: ['CA'] }, 'regions.0', REGION_CODE_MESSAGE],
      [{ ...zoneBody, regions: ['DE-BY'] }, 'regions.0', regionOutsideZoneMessage('DE-BY')],
      [{ ...zoneBody, name: ' ' }, 'name', 'Name is required'],
      [{ ...zoneBody, position: -1 }, 'position', 'Position must be at least 0'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/shipping-zones', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toMatchObject({ [field]: message });
    }
  });

  it('refuses bad methods with 400 and the field', async () => {
    const zone = await newZone();
    const cases: [object, string, string][] = [
      [{ ...methodBody, rates: [] }, 'rates', RATES_REQUIRED_MESSAGE],
      [
        { ...methodBody, rates: [{ minWeightGrams: 5000, maxWeightGrams: 1000, price: 1 }] },
        'rates.0.maxWeightGrams',
        MIN_ABOVE_MAX_WEIGHT_MESSAGE,
      ],
      [
        { ...methodBody, rates: [{ minValue: 100, maxValue: 99.99, price: 1 }] },
        'rates.0.maxValue',
        MIN_ABOVE_MAX_VALUE_MESSAGE,
      ],
      [{ ...methodBody, rates: [{ price: -1 }] }, 'rates.0.price', 'Price must be at least 0'],
      [
        { ...methodBody, rates: [{ price: 1.234 }] },
        'rates.0.price',
        'Price can have at most 2 decimals',
      ],
      [{ ...methodBody, freeOver: -5 }, 'freeOver', 'Free over must be at least 0'],
      [{ ...methodBody, name: '' }, 'name', 'Name is required'],
      [
        { ...methodBody, rates: [{ maxWeightGrams: 1.5, price: 1 }] },
        'rates.0.maxWeightGrams',
        'Max weight must be a whole number of grams',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', `/shipping-zones/${zone._id}/methods`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toMatchObject({ [field]: message });
      const put = await call('PUT', `/shipping-methods/${randomUUID()}`, body);
      expect(put.statusCode).toBe(400);
    }
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const zone = await call('PUT', `/shipping-zones/${id}`, zoneBody);
      expect(zone.statusCode).toBe(404);
      expect(zone.json().message).toBe(ZONE_NOT_FOUND_MESSAGE);
      expect((await call('DELETE', `/shipping-zones/${id}`)).statusCode).toBe(404);
      expect((await call('POST', `/shipping-zones/${id}/methods`, methodBody)).statusCode).toBe(
        404,
      );
      const method = await call('PUT', `/shipping-methods/${id}`, methodBody);
      expect(method.statusCode).toBe(404);
      expect(method.json().message).toBe(METHOD_NOT_FOUND_MESSAGE);
      expect((await call('DELETE', `/shipping-methods/${id}`)).statusCode).toBe(404);
    }
  });

  it('is for admins: 401 signed out, 403 for a customer and for catalogue staff', async () => {
    const catalogue = await signUpWithRole(t, 'catalogue');
    expect((await call('GET', '/shipping-zones', undefined, null)).statusCode).toBe(401);
    for (const who of [t.customer, catalogue]) {
      expect((await call('GET', '/shipping-zones', undefined, who)).statusCode).toBe(403);
      expect((await call('POST', '/shipping-zones', zoneBody, who)).statusCode).toBe(403);
      expect((await call('GET', '/tax-regions', undefined, who)).statusCode).toBe(403);
      expect((await call('PATCH', '/tax-regions/US-WI', { collect: true }, who)).statusCode).toBe(
        403,
      );
    }
  });
});

describe('the built-in tax table', () => {
  it('holds every US state and DC, EU/UK VAT, Canada and Australia, in percent', async () => {
    const res = await call('GET', '/tax-regions');
    expect(res.statusCode, res.body).toBe(200);
    const { regions } = TaxRegionListSchema.parse(res.json());
    const byCode = new Map(regions.map((r) => [r.code, r]));
    const us = regions.filter((r) => r.country === 'US' && r.region !== '');
    expect(us).toHaveLength(51);
    expect(byCode.get('US')).toMatchObject({ standardRate: 0, collect: false });
    expect(byCode.get('US-CA')).toMatchObject({
      name: 'California',
      standardRate: 7.25,
      collect: false,
      taxShipping: false,
      pricesIncludeTax: false,
    });
    expect(byCode.get('US-TN')).toMatchObject({ standardRate: 7, taxShipping: true });
    expect(byCode.get('US-MN')).toMatchObject({ standardRate: 6.875 });
    expect(byCode.get('US-OR')).toMatchObject({ standardRate: 0 });
    expect(byCode.get('DE')).toMatchObject({
      name: 'Germany',
      standardRate: 19,
      reducedRate: 7,
      collect: true,
      taxShipping: true,
      pricesIncludeTax: true,
    });
    expect(byCode.get('FR')).toMatchObject({ standardRate: 20, reducedRate: 5.5, collect: true });
    expect(byCode.get('GB')).toMatchObject({ standardRate: 20, reducedRate: 5, collect: true });
    expect(byCode.get('FI')).toMatchObject({ standardRate: 25.5 });
    const eu = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE'];
    const eu2 = ['IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];
    for (const code of [...eu, ...eu2, 'GB'])
      expect(byCode.get(code), code).toMatchObject({ collect: true, pricesIncludeTax: true });
    expect(byCode.get('CA-ON')).toMatchObject({ standardRate: 13, collect: false });
    expect(byCode.get('CA-AB')).toMatchObject({ standardRate: 5, collect: false });
    expect(byCode.get('AU')).toMatchObject({ standardRate: 10, collect: false });
  });

  it('changes a row: rates in percent (stored in ppm), collect and the flags; audited', async () => {
    const before = await version();
    const res = await call('PATCH', '/tax-regions/us-ny', { collect: true, standardRate: 8.875 });
    expect(res.statusCode, res.body).toBe(200);
    expect(TaxRegionSchema.parse(res.json())).toMatchObject({
      code: 'US-NY',
      standardRate: 8.875,
      collect: true,
      taxShipping: true,
    });
    const [row] = await t.database.db
      .select()
      .from(taxRegion)
      .where(and(eq(taxRegion.country, 'US'), eq(taxRegion.region, 'NY')));
    expect(row).toMatchObject({ standardPpm: 88750, collect: true });
    expect(await version()).toBeGreaterThan(before);
    expect(await lastAudit('US-NY')).toMatchObject({
      action: 'tax-region.update',
      before: expect.objectContaining({ collect: false, standardPpm: 40000 }),
      after: expect.objectContaining({ collect: true, standardPpm: 88750 }),
    });

    const de = await call('PATCH', '/tax-regions/DE', {
      reducedRate: 0,
      taxShipping: false,
      pricesIncludeTax: false,
    });
    expect(de.json()).toMatchObject({
      standardRate: 19,
      reducedRate: 0,
      taxShipping: false,
      pricesIncludeTax: false,
      collect: true,
    });
  });

  it('refuses bad changes with 400 and unknown rows with 404', async () => {
    const cases: [object, string][] = [
      [{ standardRate: 101 }, 'standardRate'],
      [{ standardRate: -1 }, 'standardRate'],
      [{ reducedRate: 5.12345 }, 'reducedRate'],
      [{ collect: 'yes' }, 'collect'],
    ];
    for (const [body, field] of cases) {
      const res = await call('PATCH', '/tax-regions/US-WI', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await call('PATCH', '/tax-regions/US-WI', {})).statusCode).toBe(400);
    for (const code of ['US-ZZ', 'XX', 'not a code'] as const) {
      const res = await call('PATCH', `/tax-regions/${encodeURIComponent(code)}`, {
        collect: true,
      });
      expect(res.statusCode, code).toBe(404);
      expect(res.json().message).toBe(TAX_REGION_NOT_FOUND_MESSAGE);
    }
  });
});

describe('pricing settings', () => {
  it('reads and changes the origin country (a known two-letter code)', async () => {
    const first = await call('GET', '/pricing-settings');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ originCountry: 'US' });
    const changed = await call('PUT', '/pricing-settings', { originCountry: 'ca' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().originCountry).toBe('CA');
    expect(changed.json().version).toBeGreaterThan(first.json().version);
    const bad = await call('PUT', '/pricing-settings', { originCountry: 'Canada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ originCountry: COUNTRY_CODE_MESSAGE });
    await call('PUT', '/pricing-settings', { originCountry: 'US' });
    expect(await lastAudit('pricing-settings')).toMatchObject({
      action: 'pricing-settings.update',
      before: { originCountry: 'CA' },
      after: { originCountry: 'US' },
    });
  });
});
