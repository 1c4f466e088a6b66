import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderExportQuerySchema } from '../../../shared/order-export.ts';
import type { StoredPriceBreak } from '../../../shared/price-breaks.ts';
import type { Db } from '../../db/client.ts';
import { assertDatabaseTimeZone } from '../../db/time-zones.ts';
import {
  category,
  checkout,
  orderAftersale,
  product,
  purchase,
  variant,
  variantPart,
} from '../../db/schema.ts';
import { optionsCell, partsCell } from '../../../shared/product-import.ts';
import type { ProductOption } from '../../../shared/variant.ts';
import { checkoutReference } from '../purchases/index.ts';
import type { CsvCell } from '../csv/index.ts';
import { imagesCell, priceBreaksCell, yesNoCell } from '../catalog/index.ts';

/** Rows fetched per round trip: the export never holds more than this in memory. */
export const EXPORT_BATCH_SIZE = 1000;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Walks a table in key order, one batch per query (keyset paging: no long transaction and no
 * server-side cursor, so it also works through PgBouncer in transaction mode).
 */
async function* keysetBatches<Row, Key>(
  fetch: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  toCells: (row: Row) => CsvCell[],
): AsyncGenerator<CsvCell[][]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await fetch(after, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows.map(toCells);
    if (rows.length < EXPORT_BATCH_SIZE) return;
    after = keyOf(rows[rows.length - 1] as Row);
  }
}

interface OrderRow extends Record<string, unknown> {
  id: string;
  created_at: string;
  placed: string;
  customer_name: string;
  customer_email: string;
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  status: string;
  paid: boolean;
  transaction_id: string | null;
  checkout_number: string;
  po_reference: string | null;
  refunded_cents: number;
  sku: string;
  variant_label: string;
  tax_cents: number;
  shipping_cents: number;
  shipping_tax_cents: number;
  amount_cents: number;
  shipping_method: string;
  country: string;
  discount_cents: number;
  promotions: string;
}

/** Orders placed in the query's days (in its time zone), oldest first, for accounting. */
export async function* exportOrders(
  db: Db,
  query: z.output<typeof OrderExportQuerySchema>,
): AsyncGenerator<CsvCell[][]> {
  const { tz } = query;
  await assertDatabaseTimeZone(db, tz);
  const filters: SQL[] = [];
  if (query.from)
    filters.push(sql`${purchase.createdAt} >= (${query.from}::date)::timestamp AT TIME ZONE ${tz}`);
  if (query.to)
    filters.push(
      sql`${purchase.createdAt} < ((${query.to}::date) + 1)::timestamp AT TIME ZONE ${tz}`,
    );
  if (query.status) filters.push(sql`${purchase.status} = ${query.status}`);

  yield* keysetBatches<OrderRow, { createdAt: string; id: string }>(
    async (after, limit) => {
      const where = [...filters];
      if (after)
        where.push(
          sql`(${purchase.createdAt}, ${purchase.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
        );
      const result = await db.execute<OrderRow>(sql`
        SELECT ${purchase.id} AS id, ${purchase.createdAt}::text AS created_at,
          to_char(${purchase.createdAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI') AS placed,
          ${purchase.customerName} AS customer_name, ${purchase.customerEmail} AS customer_email,
          ${purchase.productName} AS product_name, ${purchase.quantity} AS quantity,
          ${purchase.unitPriceCents} AS unit_price_cents, ${purchase.totalCents} AS total_cents,
          ${purchase.status} AS status, ${purchase.paid} AS paid,
          ${purchase.transactionId} AS transaction_id,
          ${purchase.taxCents} AS tax_cents, ${purchase.shippingCents} AS shipping_cents,
          ${purchase.shippingTaxCents} AS shipping_tax_cents,
          ${purchase.amountCents} AS amount_cents,
          ${checkout.shippingMethodName} AS shipping_method,
          coalesce(${checkout.deliveryAddress} ->> 'country', '') AS country,
          ${purchase.discountCents} AS discount_cents,
          coalesce((SELECT string_agg(p ->> 'name' || coalesce(' (' || (p ->> 'code') || ')', ''),
              '; ' ORDER BY n)
            FROM jsonb_array_elements(${checkout.promotions}) WITH ORDINALITY AS e(p, n)), '') AS promotions,
          ${purchase.sku} AS sku, ${purchase.variantLabel} AS variant_label,
          ${checkout.number} AS checkout_number, ${checkout.poReference} AS po_reference,
          coalesce((SELECT ${orderAftersale.refundedCents} FROM ${orderAftersale}
            WHERE ${orderAftersale.purchaseId} = ${purchase.id}), 0)::int AS refunded_cents
        FROM ${purchase} JOIN ${checkout} ON ${checkout.id} = ${purchase.checkoutId}
        ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY ${purchase.createdAt}, ${purchase.id} LIMIT ${limit}`);
      return result.rows;
    },
    (row) => ({ createdAt: row.created_at, id: row.id }),
    (row) => [
      row.id,
      row.placed,
      row.customer_name,
      row.customer_email,
      row.product_name,
      row.quantity,
      dollars(row.unit_price_cents),
      dollars(row.total_cents),
      row.status,
      row.paid ? 'yes' : 'no',
      row.transaction_id,
      checkoutReference(row.checkout_number),
      row.po_reference,
      dollars(row.refunded_cents),
      row.sku,
      row.variant_label,
      dollars(row.tax_cents),
      dollars(row.shipping_cents),
      dollars(row.shipping_tax_cents),
      dollars(row.amount_cents),
      row.shipping_method,
      row.country,
      dollars(row.discount_cents),
      row.promotions,
    ],
  );
}

interface ProductRow extends Record<string, unknown> {
  id: string;
  seq: number;
  position: number;
  variant_id: string;
  name: string;
  price_cents: number;
  description: string;
  min_quantity: number;
  available_quantity: number;
  image_url: string;
  created: string;
  version: number;
  category_slug: string | null;
  platform: string | null;
  battery_included: boolean;
  price_breaks: StoredPriceBreak[];
  images: string[];
  sku: string;
  options: ProductOption[];
  option_values: Record<string, string>;
  weight_grams: number;
  parts: { sku: string; quantity: number }[];
  tax_class: string;
}

/**
 * Every variant (issue 34: one row per variant, keyed by SKU) of every product in the order the
 * products were added, each product's default first, every field an admin sets, the product's
 * columns repeated on each of its rows (the import reads it back). Version is the product's and
 * the variant's (both only grow, so it changes when either does). A kit's Available Quantity is
 * its own stored 0 (its stock is its parts'); its Parts name them.
 */
export function exportProducts(db: Db, publicUrl: string): AsyncGenerator<CsvCell[][]> {
  const link = (path: string) => new URL(path, publicUrl).toString();
  return keysetBatches<ProductRow, { seq: number; position: number; id: string }>(
    async (after, limit) => {
      const result = await db.execute<ProductRow>(sql`
        SELECT p.id, p.seq::int AS seq, v.position::int AS position, v.id AS variant_id, p.name,
          v.price_cents, p.description, v.min_quantity, v.available_quantity, p.image_url,
          p.version + v.version AS version,
          to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created,
          c.slug AS category_slug, p.platform, p.battery_included, v.price_breaks, p.images,
          v.sku, p.options, v.option_values, v.weight_grams, v.tax_class,
          coalesce((SELECT jsonb_agg(jsonb_build_object('sku', coalesce(part.sku, vp.part_sku),
              'quantity', vp.quantity) ORDER BY lower(coalesce(part.sku, vp.part_sku)))
            FROM ${variantPart} vp LEFT JOIN ${variant} part ON part.id = vp.part_id
            WHERE vp.kit_id = v.id), '[]'::jsonb) AS parts
        FROM ${product} p JOIN ${variant} v ON v.product_id = p.id
        LEFT JOIN ${category} c ON c.id = p.category_id
        ${
          after === null
            ? sql``
            : sql`WHERE (p.seq, v.position, v.id) > (${after.seq}, ${after.position}, ${after.id}::uuid)`
        }
        ORDER BY p.seq, v.position, v.id LIMIT ${limit}`);
      return result.rows;
    },
    (row) => ({ seq: row.seq, position: row.position, id: row.variant_id }),
    (row) => [
      row.id,
      row.name,
      dollars(row.price_cents),
      row.description,
      row.min_quantity,
      row.available_quantity,
      link(row.image_url),
      row.created,
      row.version,
      row.category_slug,
      row.platform,
      yesNoCell(row.battery_included),
      priceBreaksCell(row.price_breaks),
      imagesCell(row.images.map(link)),
      row.sku,
      optionsCell(row.options, row.option_values),
      row.weight_grams,
      partsCell(row.parts),
      row.tax_class,
    ],
  );
}
