import { sql, type SQL } from 'drizzle-orm';

/**
 * The one rule of "for sale" (issue 39), for SQL: a product is for sale when its stock reaches its
 * minimum order quantity and no safety recall has withdrawn it. Every path that gives stock back
 * (a cancelled order, an expired hold, a returned unit, an import, an admin's edit) changes only
 * the stock; none touches `withdrawn`, so none puts a withdrawn product back on sale or releases
 * its back-in-stock alerts: only lifting the recall does (recalls.service.ts). The stock of a
 * withdrawn product is still counted. The same rule for the browser: `isForSale`
 * (src/shared/for-sale.ts).
 *
 * `row` is the alias of a variant's row (variant, variant_offer, product_offer or a change's rows); `available` the stock to judge, when not the row's own
 * (a statement judging what its change will leave).
 */
export function forSaleSql(row: string, available = `${row}.available_quantity`): string {
  return `(${available} >= ${row}.min_quantity AND NOT ${row}.withdrawn)`;
}

/**
 * `forSaleSql` of the view `product_offer` itself (its default variant's stock, minimum and
 * withdrawal; a kit's are its parts'), for drizzle queries.
 */
export const productForSale: SQL = sql.raw(forSaleSql('product_offer'));
