import { asc, eq, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '../../../shared/money.ts';
import { ShippingRateSchema, type ShippingRate } from '../../../shared/shipping.ts';
import {
  METHOD_NOT_FOUND_MESSAGE,
  ZONE_NOT_FOUND_MESSAGE,
  type ShippingMethod,
  type ShippingMethodInput,
  type ShippingRateAnswer,
  type ShippingZone,
  type ShippingZoneInput,
} from '../../../shared/shipping-settings.ts';
import { IdSchema } from '../../../shared/ids.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { shippingMethod, shippingZone } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';

// Shipping zones and their methods (issue 35), as staff configure them. The pricing step reads the
// same tables (modules/pricing); every change bumps pricing_settings.version (triggers of 0030), so
// a quote priced before a change is refused, never placed at the old price.

type Actor = Pick<AuthUser, 'id' | 'email'>;
type MethodRow = typeof shippingMethod.$inferSelect;
type ZoneRow = typeof shippingZone.$inferSelect;

/** A stored band (cents) as the API shows it (dollars). */
function rateAnswer(rate: ShippingRate): ShippingRateAnswer {
  const dollars = (cents: number | undefined) =>
    cents === undefined ? null : centsToDollars(cents);
  return {
    minWeightGrams: rate.minWeightGrams ?? null,
    maxWeightGrams: rate.maxWeightGrams ?? null,
    minValue: dollars(rate.minValueCents),
    maxValue: dollars(rate.maxValueCents),
    price: centsToDollars(rate.priceCents),
  };
}

/** A band as staff send it (dollars) in the stored form (cents; a bound that does not limit is left out). */
function storedRate(band: ShippingMethodInput['rates'][number]): ShippingRate {
  const cents = (dollars: number | null | undefined) =>
    dollars == null ? undefined : dollarsToCents(dollars);
  return ShippingRateSchema.parse({
    ...(band.minWeightGrams != null && { minWeightGrams: band.minWeightGrams }),
    ...(band.maxWeightGrams != null && { maxWeightGrams: band.maxWeightGrams }),
    ...(band.minValue != null && { minValueCents: cents(band.minValue) }),
    ...(band.maxValue != null && { maxValueCents: cents(band.maxValue) }),
    priceCents: dollarsToCents(band.price),
  });
}

function methodAnswer(row: MethodRow): ShippingMethod {
  return {
    _id: row.id,
    zoneId: row.zoneId,
    name: row.name,
    deliveryText: row.deliveryText,
    rates: row.rates.map(rateAnswer),
    freeOver: row.freeOverCents === null ? null : centsToDollars(row.freeOverCents),
    collect: row.collect,
    active: row.active,
    position: row.position,
  };
}

function zoneAnswer(row: ZoneRow, methods: MethodRow[]): ShippingZone {
  return {
    _id: row.id,
    name: row.name,
    countries: row.countries,
    regions: row.regions,
    position: row.position,
    methods: methods.filter((m) => m.zoneId === row.id).map(methodAnswer),
  };
}

/** An id that is no UUID is as unknown as a missing one (404), and never reaches the database. */
function assertId(id: string, message: string): void {
  if (!IdSchema.safeParse(id).success) throw new NotFound(message);
}

const methodOrder = [
  asc(shippingMethod.position),
  asc(shippingMethod.name),
  asc(shippingMethod.id),
];

/** GET /api/admin/shipping-zones: every zone by position then name, each with its methods. */
export async function listShippingZones(db: Db): Promise<ShippingZone[]> {
  const zones = await db
    .select()
    .from(shippingZone)
    .orderBy(asc(shippingZone.position), asc(shippingZone.name), asc(shippingZone.id));
  const methods =
    zones.length === 0
      ? []
      : await db
          .select()
          .from(shippingMethod)
          .orderBy(...methodOrder);
  return zones.map((zone) => zoneAnswer(zone, methods));
}

async function zoneWithMethods(db: Queryable, row: ZoneRow): Promise<ShippingZone> {
  const methods = await db
    .select()
    .from(shippingMethod)
    .where(eq(shippingMethod.zoneId, row.id))
    .orderBy(...methodOrder);
  return zoneAnswer(row, methods);
}

const zoneValues = (input: ShippingZoneInput) => ({
  name: input.name,
  countries: input.countries,
  regions: input.regions,
  position: input.position,
});

export async function createShippingZone(
  db: Db,
  actor: Actor,
  input: ShippingZoneInput,
): Promise<ShippingZone> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(shippingZone).values(zoneValues(input)).returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    const zone = zoneAnswer(row, []);
    await recordAudit(tx, actor, {
      action: 'shipping-zone.create',
      targetType: 'shipping-zone',
      targetId: row.id,
      after: zoneValues(input),
    });
    return zone;
  });
}

export async function updateShippingZone(
  db: Db,
  actor: Actor,
  zoneId: string,
  input: ShippingZoneInput,
): Promise<ShippingZone> {
  assertId(zoneId, ZONE_NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(shippingZone)
      .where(eq(shippingZone.id, zoneId))
      .for('update');
    if (!before) throw new NotFound(ZONE_NOT_FOUND_MESSAGE);
    const [after] = await tx
      .update(shippingZone)
      .set({ ...zoneValues(input), updatedAt: sql`now()` })
      .where(eq(shippingZone.id, zoneId))
      .returning();
    if (!after) throw new NotFound(ZONE_NOT_FOUND_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'shipping-zone.update',
      targetType: 'shipping-zone',
      targetId: zoneId,
      before: zoneValues(before),
      after: zoneValues(input),
    });
    return zoneWithMethods(tx, after);
  });
}

/** DELETE /api/admin/shipping-zones/{zoneId}: the zone and its methods. */
export async function deleteShippingZone(db: Db, actor: Actor, zoneId: string): Promise<void> {
  assertId(zoneId, ZONE_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const [zone] = await tx.delete(shippingZone).where(eq(shippingZone.id, zoneId)).returning();
    if (!zone) throw new NotFound(ZONE_NOT_FOUND_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'shipping-zone.delete',
      targetType: 'shipping-zone',
      targetId: zoneId,
      before: zoneValues(zone),
    });
  });
}

const methodValues = (input: ShippingMethodInput) => ({
  name: input.name,
  deliveryText: input.deliveryText,
  rates: input.rates.map(storedRate),
  freeOverCents: input.freeOver === null ? null : dollarsToCents(input.freeOver),
  collect: input.collect,
  active: input.active,
  position: input.position,
});

/** What the audit log keeps of a method (its stored form, without the bookkeeping columns). */
const auditedMethod = ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: MethodRow) => rest;

export async function createShippingMethod(
  db: Db,
  actor: Actor,
  zoneId: string,
  input: ShippingMethodInput,
): Promise<ShippingMethod> {
  assertId(zoneId, ZONE_NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    const [zone] = await tx
      .select({ id: shippingZone.id })
      .from(shippingZone)
      .where(eq(shippingZone.id, zoneId))
      .for('key share');
    if (!zone) throw new NotFound(ZONE_NOT_FOUND_MESSAGE);
    const [row] = await tx
      .insert(shippingMethod)
      .values({ zoneId, ...methodValues(input) })
      .returning();
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    await recordAudit(tx, actor, {
      action: 'shipping-method.create',
      targetType: 'shipping-method',
      targetId: row.id,
      after: auditedMethod(row),
    });
    return methodAnswer(row);
  });
}

export async function updateShippingMethod(
  db: Db,
  actor: Actor,
  methodId: string,
  input: ShippingMethodInput,
): Promise<ShippingMethod> {
  assertId(methodId, METHOD_NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(shippingMethod)
      .where(eq(shippingMethod.id, methodId))
      .for('update');
    if (!before) throw new NotFound(METHOD_NOT_FOUND_MESSAGE);
    const [after] = await tx
      .update(shippingMethod)
      .set({ ...methodValues(input), updatedAt: sql`now()` })
      .where(eq(shippingMethod.id, methodId))
      .returning();
    if (!after) throw new NotFound(METHOD_NOT_FOUND_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'shipping-method.update',
      targetType: 'shipping-method',
      targetId: methodId,
      before: auditedMethod(before),
      after: auditedMethod(after),
    });
    return methodAnswer(after);
  });
}

export async function deleteShippingMethod(db: Db, actor: Actor, methodId: string): Promise<void> {
  assertId(methodId, METHOD_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .delete(shippingMethod)
      .where(eq(shippingMethod.id, methodId))
      .returning();
    if (!before) throw new NotFound(METHOD_NOT_FOUND_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'shipping-method.delete',
      targetType: 'shipping-method',
      targetId: methodId,
      before: auditedMethod(before),
    });
  });
}
