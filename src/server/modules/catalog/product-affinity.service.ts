import { and, asc, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { IdSchema } from '../../../shared/ids.ts';
import type { Product } from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { product, productOffer, purchase } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { PRODUCT_NOT_FOUND_MESSAGE, productColumns, toProduct } from './catalog.service.ts';
import { productForSale } from '../stock/index.ts';
import type { Sales } from './sale-prices.ts';

/** How many "Goes well with" products a product page shows. */
export const GOES_WELL_WITH_MAX = 4;

/**
 * GET /api/my/platforms: the battery platforms of products in the caller's PAID orders, computed
 * here from the database (never sent by the browser, never in cached public HTML).
 */
export async function myPlatforms(db: Db, userId: string): Promise<{ platforms: string[] }> {
  const rows = await db
    .selectDistinct({ platform: product.platform })
    .from(purchase)
    .innerJoin(product, eq(product.id, purchase.productId))
    .where(and(eq(purchase.userId, userId), eq(purchase.paid, true), isNotNull(product.platform)))
    .orderBy(asc(product.platform));
  return { platforms: rows.flatMap((row) => (row.platform === null ? [] : [row.platform])) };
}

/**
 * GET /api/products/{id}/related: up to 4 other products of the same platform or category, those
 * sharing both first, then the ones that can be ordered now, then the newest.
 */
export async function goesWellWith(db: Db, productId: string, sales: Sales): Promise<Product[]> {
  if (!IdSchema.safeParse(productId).success) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
  const [self] = await db
    .select({ categoryId: productOffer.categoryId, platform: productOffer.platform })
    .from(productOffer)
    .where(eq(productOffer.id, productId));
  if (!self) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
  const samePlatform =
    self.platform === null ? undefined : eq(productOffer.platform, self.platform);
  const sameCategory =
    self.categoryId === null ? undefined : eq(productOffer.categoryId, self.categoryId);
  if (!samePlatform && !sameCategory) return [];
  const both = and(samePlatform ?? sql`false`, sameCategory ?? sql`false`);
  const rows = await db
    .select(productColumns)
    .from(productOffer)
    .where(and(ne(productOffer.id, productId), or(samePlatform, sameCategory)))
    .orderBy(desc(sql`coalesce(${both}, false)`), desc(productForSale), desc(productOffer.seq))
    .limit(GOES_WELL_WITH_MAX);
  return rows.map((row) => toProduct(row, sales));
}
