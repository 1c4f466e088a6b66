import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderExportQuerySchema } from '../../../shared/order-export.ts';
import type { StoredPriceBreak } from '../../../shared/price-breaks.ts';
import type { Db } from '../../db/client.ts';
import { assertDatabaseTimeZone } from '../../db/time-zones.ts';
import { category, checkout, orderAftersale, product, purchase } from '../../db/schema.ts';
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
          customer_name, customer_email, product_name, quantity, unit_price_cents, total_cents,
          status, paid, ${purchase.transactionId} AS transaction_id,
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
    ],
  );
}

interface ProductRow extends Record<string, unknown> {
  id: string;
  seq: number;
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
}

/** Every product in the order it was added, every field an admin sets (the import reads it back). */
export function exportProducts(db: Db, publicUrl: string): AsyncGenerator<CsvCell[][]> {
  const link = (path: string) => new URL(path, publicUrl).toString();
  return keysetBatches<ProductRow, number>(
    async (after, limit) => {
      const result = await db.execute<ProductRow>(sql`
        SELECT p.id, p.seq::int AS seq, p.name, p.price_cents, p.description, p.min_quantity,
          p.available_quantity, p.image_url, p.version,
          to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created,
          c.slug AS category_slug, p.platform, p.battery_included, p.price_breaks, p.images
        FROM ${product} p LEFT JOIN ${category} c ON c.id = p.category_id
        ${after === null ? sql`` : sql`WHERE p.seq > ${after}`}
        ORDER BY p.seq LIMIT ${limit}`);
      return result.rows;
    },
    (row) => row.seq,
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
    ],
  );
}
