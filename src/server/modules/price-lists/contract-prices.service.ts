import { sql } from 'drizzle-orm';
import { IdSchema } from '../../../shared/ids.ts';
import { centsToDollars } from '../../../shared/money.ts';
import {
  CONTRACT_PRICES_PRODUCTS_MAX,
  type MyPrices,
  TOO_MANY_PRODUCTS_MESSAGE,
} from '../../../shared/price-lists.ts';
import type { StoredPriceBreak } from '../../../shared/price-breaks.ts';
import type { Db } from '../../db/client.ts';
import { Invalid } from '../../errors.ts';
import { membershipOf } from '../companies/index.ts';
import { contractCents } from '../pricing/index.ts';

// What a member of a company with a price list pays for one unit (issue 37, docs/decisions/059),
// for the product pages and cards to show after hydration: the same rule as the pricing step's
// (modules/pricing contractCents) on the break price of quantity 1. Never in cached HTML.

const NONE: MyPrices = { priceListName: null, prices: {}, products: {} };

/** The product ids of `productIds=a,b`: trimmed, distinct, at most 100 (400 beyond). */
export function productIdsOf(text: string): string[] {
  const ids = [
    ...new Set(
      text
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
  if (ids.length > CONTRACT_PRICES_PRODUCTS_MAX)
    throw new Invalid(TOO_MANY_PRODUCTS_MESSAGE, { productIds: TOO_MANY_PRODUCTS_MESSAGE });
  return ids;
}

/** The unit price of quantity 1: the variant's price, or a break that starts at 1. */
function firstUnitCents(priceCents: number, breaks: readonly StoredPriceBreak[]): number {
  let unit = priceCents;
  for (const step of breaks) if (step.minQuantity <= 1) unit = step.priceCents;
  return unit;
}

/**
 * GET /api/contract-prices: per variant of the products, the caller's contract price of one unit
 * where it differs from the public one; nothing for a caller without a company or price list.
 * Ids that are no UUIDs are unknown products (nothing for them).
 */
export async function myContractPrices(
  db: Db,
  userId: string,
  productIdsText: string,
): Promise<MyPrices> {
  const ids = productIdsOf(productIdsText).filter((id) => IdSchema.safeParse(id).success);
  const membership = await membershipOf(db, userId);
  if (!membership?.priceListId) return NONE;
  const listId = membership.priceListId;
  const prices: Record<string, number> = {};
  const products: Record<string, number> = {};
  if (ids.length > 0) {
    const result = await db.execute<{
      id: string;
      product_id: string;
      price_cents: number;
      price_breaks: StoredPriceBreak[];
      fixed: number | null;
      bp: number | null;
    }>(sql`
      SELECT v.id, v.product_id, v.price_cents, v.price_breaks,
        (SELECT price_cents FROM price_list_price
          WHERE price_list_id = ${listId} AND variant_id = v.id) AS fixed,
        (SELECT percent_bp FROM price_list_discount
          WHERE price_list_id = ${listId} AND category_id = p.category_id) AS bp
      FROM variant v JOIN product p ON p.id = v.product_id
      WHERE v.product_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      ORDER BY v.product_id, v.position, v.id`);
    const seen = new Set<string>();
    for (const row of result.rows) {
      // The first of a product's variants by (position, id) is its default one.
      const isDefault = !seen.has(row.product_id);
      seen.add(row.product_id);
      const unit = firstUnitCents(row.price_cents, row.price_breaks ?? []);
      const contract = contractCents(unit, { fixedCents: row.fixed, percentBp: row.bp });
      if (contract === unit) continue;
      prices[row.id] = centsToDollars(contract);
      if (isDefault) products[row.product_id] = centsToDollars(contract);
    }
  }
  return { priceListName: membership.priceListName, prices, products };
}
