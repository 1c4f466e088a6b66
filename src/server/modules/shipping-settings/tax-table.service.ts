import { and, asc, eq, sql } from 'drizzle-orm';
import { ppmToPercent } from '../../../shared/pricing.ts';
import {
  TAX_REGION_NOT_FOUND_MESSAGE,
  taxRegionCode,
  type PricingSettings,
  type TaxRegion,
  type TaxRegionPatch,
} from '../../../shared/shipping-settings.ts';
import type { Db } from '../../db/client.ts';
import { pricingSettings, taxRegion } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';

// The built-in tax table (issue 35; rows from drizzle/0031) and the pricing settings, as staff
// keep them. Rates are stored in parts per million and shown in percent. Every change bumps
// pricing_settings.version (triggers of 0030).

type Actor = Pick<AuthUser, 'id' | 'email'>;
type TaxRow = typeof taxRegion.$inferSelect;

const percentToPpm = (percent: number) => Math.round(percent * 10_000);

function taxAnswer(row: TaxRow): TaxRegion {
  return {
    code: taxRegionCode(row.country, row.region),
    country: row.country,
    region: row.region,
    name: row.name,
    standardRate: ppmToPercent(row.standardPpm),
    reducedRate: ppmToPercent(row.reducedPpm),
    collect: row.collect,
    taxShipping: row.taxShipping,
    pricesIncludeTax: row.pricesIncludeTax,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/admin/tax-regions: by country, its own row first, then its regions by code. */
export async function listTaxRegions(db: Db): Promise<TaxRegion[]> {
  const rows = await db
    .select()
    .from(taxRegion)
    .orderBy(asc(taxRegion.country), asc(taxRegion.region));
  return rows.map(taxAnswer);
}

/** "DE" → the country's row; "US-CA" → the region's; anything else names no row. */
function keyOf(code: string): { country: string; region: string } | undefined {
  const [, country, region = ''] =
    /^([A-Z]{2})(?:-([A-Z0-9]{1,3}))?$/.exec(code.trim().toUpperCase()) ?? [];
  return country === undefined ? undefined : { country, region };
}

const audited = ({ updatedAt: _u, ...rest }: TaxRow) => rest;

/** PATCH /api/admin/tax-regions/{code}: the fields sent change, the others stay. */
export async function updateTaxRegion(
  db: Db,
  actor: Actor,
  code: string,
  patch: TaxRegionPatch,
): Promise<TaxRegion> {
  const key = keyOf(code);
  if (!key) throw new NotFound(TAX_REGION_NOT_FOUND_MESSAGE);
  const where = and(eq(taxRegion.country, key.country), eq(taxRegion.region, key.region));
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(taxRegion).where(where).for('update');
    if (!before) throw new NotFound(TAX_REGION_NOT_FOUND_MESSAGE);
    const [after] = await tx
      .update(taxRegion)
      .set({
        ...(patch.standardRate !== undefined && { standardPpm: percentToPpm(patch.standardRate) }),
        ...(patch.reducedRate !== undefined && { reducedPpm: percentToPpm(patch.reducedRate) }),
        ...(patch.collect !== undefined && { collect: patch.collect }),
        ...(patch.taxShipping !== undefined && { taxShipping: patch.taxShipping }),
        ...(patch.pricesIncludeTax !== undefined && { pricesIncludeTax: patch.pricesIncludeTax }),
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning();
    if (!after) throw new NotFound(TAX_REGION_NOT_FOUND_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'tax-region.update',
      targetType: 'tax-region',
      targetId: taxRegionCode(after.country, after.region),
      before: audited(before),
      after: audited(after),
    });
    return taxAnswer(after);
  });
}

/** GET /api/admin/pricing-settings. */
export async function getPricingSettings(db: Db): Promise<PricingSettings> {
  const [row] = await db
    .select({ originCountry: pricingSettings.originCountry, version: pricingSettings.version })
    .from(pricingSettings);
  // Migration 0030 inserts the one row; without it the database is not this app's.
  if (!row) throw new Error('pricing_settings has no row (migration 0030)');
  return row;
}

/** PUT /api/admin/pricing-settings. */
export async function updatePricingSettings(
  db: Db,
  actor: Actor,
  input: { originCountry: string },
): Promise<PricingSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ originCountry: pricingSettings.originCountry })
      .from(pricingSettings)
      .for('update');
    if (!before) throw new Error('pricing_settings has no row (migration 0030)');
    const [after] = await tx
      .update(pricingSettings)
      .set({ originCountry: input.originCountry })
      .returning({
        originCountry: pricingSettings.originCountry,
        version: pricingSettings.version,
      });
    if (!after) throw new Error('pricing_settings has no row (migration 0030)');
    await recordAudit(tx, actor, {
      action: 'pricing-settings.update',
      targetType: 'pricing-settings',
      targetId: 'pricing-settings',
      before,
      after: { originCountry: after.originCountry },
    });
    return after;
  });
}
