import { eq, sql, type SQL } from 'drizzle-orm';
import type { Overview } from '../../../shared/admin-overview.ts';
import { centsToDollars } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { assertDatabaseTimeZone } from '../../db/time-zones.ts';
import { product, purchase, refund, variantOffer } from '../../db/schema.ts';

/** Paid orders that still stand: revenue. Cancelled and expired orders never count. */
const earning = sql`${purchase.paid} AND ${purchase.status} IN ('pending', 'shipped')`;

/** What the order's succeeded refunds returned of a part (`cents`: an expression of `refund`). */
const refundedOf = (cents: SQL) =>
  sql`coalesce((SELECT sum(${cents}) FROM ${refund} WHERE ${refund.purchaseId} = ${purchase.id} AND ${refund.status} = 'succeeded'), 0)`;

/**
 * Revenue is the goods' net, net of what was refunded of it (issue 25): tax collected and shipping
 * charged are not the shop's sales and are counted apart, each net of its refunds (issue 35).
 * Issue 36: the goods' net is after the promotions' discount (what was paid; a refund's net is
 * too); the discount given is counted apart, net of the discount of the units refunded.
 */
const refunded = refundedOf(sql`${refund.netCents}`);
const goodsKept = sql`${purchase.totalCents} - ${purchase.discountCents} - ${refunded}`;
const discountKept = sql`${purchase.discountCents} - ${refundedOf(sql`${refund.discountCents}`)}`;
const taxKept = sql`${purchase.taxCents} + ${purchase.shippingTaxCents} - ${refundedOf(sql`${refund.taxCents} + ${refund.shippingTaxCents}`)}`;
const shippingKept = sql`${purchase.shippingCents} - ${refundedOf(sql`${refund.shippingCents}`)}`;

/** The first instant of the period: midnight, `days - 1` days ago, in the admin's time zone. */
const periodStart = (days: number, timeZone: string) =>
  sql`(((now() AT TIME ZONE ${timeZone})::date - ${days - 1}::int)::timestamp AT TIME ZONE ${timeZone})`;

/**
 * The admin's overview of the last `days` days, every figure an SQL aggregate, days counted in
 * `timeZone`. Revenue is counted on the day an order was paid.
 */
export async function shopOverview(db: Db, days: number, timeZone: string): Promise<Overview> {
  await assertDatabaseTimeZone(db, timeZone);
  const start = periodStart(days, timeZone);
  const [daily, statuses, top, low] = await Promise.all([
    db.execute<{
      day: string;
      cents: string;
      orders: number;
      tax_cents: string;
      shipping_cents: string;
      discount_cents: string;
    }>(sql`
      WITH day AS (
        SELECT d::date AS day FROM generate_series(
          (now() AT TIME ZONE ${timeZone})::date - ${days - 1}::int,
          (now() AT TIME ZONE ${timeZone})::date, interval '1 day') AS d
      ), paid AS (
        SELECT (${purchase.paidAt} AT TIME ZONE ${timeZone})::date AS day,
          sum(${goodsKept}) AS cents, count(*)::int AS orders,
          sum(${taxKept}) AS tax_cents, sum(${shippingKept}) AS shipping_cents,
          sum(${discountKept}) AS discount_cents
        FROM ${purchase} WHERE ${earning} AND ${purchase.paidAt} >= ${start}
        GROUP BY 1
      )
      SELECT day.day::text AS day, coalesce(paid.cents, 0)::text AS cents,
        coalesce(paid.orders, 0)::int AS orders,
        coalesce(paid.tax_cents, 0)::text AS tax_cents,
        coalesce(paid.shipping_cents, 0)::text AS shipping_cents,
        coalesce(paid.discount_cents, 0)::text AS discount_cents
      FROM day LEFT JOIN paid USING (day) ORDER BY day.day`),
    db.execute<{ status: string; count: number }>(sql`
      SELECT CASE WHEN ${purchase.status} = 'pending' AND NOT ${purchase.paid} THEN 'unpaid'
                  WHEN ${purchase.status} = 'pending' THEN 'paid'
                  ELSE ${purchase.status} END AS status,
        count(*)::int AS count
      FROM ${purchase} WHERE ${purchase.createdAt} >= ${start}
      GROUP BY 1 ORDER BY 2 DESC, 1`),
    db.execute<{ product_id: string | null; name: string; cents: string; quantity: number }>(sql`
      SELECT ${purchase.productId} AS product_id, min(${purchase.productName}) AS name,
        sum(${goodsKept})::text AS cents, sum(${purchase.quantity})::int AS quantity
      FROM ${purchase} WHERE ${earning} AND ${purchase.paidAt} >= ${start}
      GROUP BY ${purchase.productId}, CASE WHEN ${purchase.productId} IS NULL THEN ${purchase.productName} END
      ORDER BY sum(${purchase.totalCents} - ${purchase.discountCents}) DESC, 2 LIMIT 5`),
    // Low stock is a variant's (issue 34; a kit has no stock of its own: its parts are listed).
    db
      .select({
        _id: product.id,
        name: sql<string>`${product.name}
          || CASE WHEN ${variantOffer.label} = '' THEN '' ELSE ' (' || ${variantOffer.label} || ')' END`,
        sku: variantOffer.sku,
        availableQuantity: variantOffer.availableQuantity,
        minQuantity: variantOffer.minQuantity,
      })
      .from(variantOffer)
      .innerJoin(product, eq(product.id, variantOffer.productId))
      .where(
        sql`NOT ${variantOffer.isKit} AND ${variantOffer.availableQuantity} < 2 * ${variantOffer.minQuantity}`,
      )
      .orderBy(variantOffer.availableQuantity, product.name, variantOffer.sku),
  ]);

  const dailyRows = daily.rows.map((r) => ({
    day: r.day,
    revenue: centsToDollars(Number(r.cents)),
    paidOrders: r.orders,
  }));
  const revenueCents = daily.rows.reduce((sum, r) => sum + Number(r.cents), 0);
  const paidOrders = daily.rows.reduce((sum, r) => sum + r.orders, 0);
  const taxCents = daily.rows.reduce((sum, r) => sum + Number(r.tax_cents), 0);
  const shippingCents = daily.rows.reduce((sum, r) => sum + Number(r.shipping_cents), 0);
  const discountCents = daily.rows.reduce((sum, r) => sum + Number(r.discount_cents), 0);
  return {
    days,
    timeZone,
    daily: dailyRows,
    revenue: centsToDollars(revenueCents),
    paidOrders,
    averageOrderValue: paidOrders ? centsToDollars(Math.round(revenueCents / paidOrders)) : 0,
    taxCollected: centsToDollars(taxCents),
    shippingCharged: centsToDollars(shippingCents),
    discountGiven: centsToDollars(discountCents),
    ordersByStatus: statuses.rows,
    topProducts: top.rows.map((r) => ({
      productId: r.product_id,
      name: r.name,
      revenue: centsToDollars(Number(r.cents)),
      quantity: r.quantity,
    })),
    lowStock: low,
  };
}
