import { sql } from 'drizzle-orm';
import {
  IMPORT_CHANGED_REASON,
  IMPORT_REFUSED_MESSAGE,
  IMPORT_UNKNOWN_PRODUCT_REASON,
  type ProductImportReport,
  type ProductImportRow,
} from '../../../shared/product-import.ts';
import { IMAGE_NOT_OURS_MESSAGE } from '../../../shared/product.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import { AppError, Invalid } from '../../errors.ts';
import type { AuthUser } from '../auth/caller.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { releaseStockAlertsOf } from '../back-in-stock/back-in-stock.service.ts';
import { enqueueProductEvents, STOCK_LOW_THRESHOLD } from '../webhooks/webhooks.service.ts';
import { readImportFile, type FileRow, type ProductValues } from './product-import-file.ts';

interface Current extends ProductValues {
  id: string;
  version: number;
}

/** A row with what applying it would do. */
interface Planned {
  report: ProductImportRow;
  values?: ProductValues;
  /** The product's stock before the import (updates). */
  stockBefore?: number;
}

const IMAGE_PREFIX = '/images/';
const hashOf = (url: string) => url.slice(IMAGE_PREFIX.length, -'.webp'.length);

/**
 * The products the file names and the images it uses, in two statements whatever its size
 * (`lock`: FOR UPDATE, so nobody changes them between the check and the write of an apply).
 */
async function lookUp(db: Queryable, rows: FileRow[], lock: boolean) {
  const ids = rows.flatMap((row) => (row.productId ? [row.productId] : []));
  const hashes = [...new Set(rows.flatMap((row) => (row.ok ? [hashOf(row.values.imageUrl)] : [])))];
  const products = await db.execute<Current & Record<string, unknown>>(sql`
    SELECT id, name, description, price_cents AS "priceCents", min_quantity AS "minQuantity",
      available_quantity AS "availableQuantity", image_url AS "imageUrl", version
    FROM product WHERE id = ANY(${sql.param(ids)}::uuid[])
    ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`);
  const images = await db.execute<{ hash: string }>(
    sql`SELECT hash FROM image WHERE hash = ANY(${sql.param(hashes)}::text[])`,
  );
  return {
    products: new Map(products.rows.map((row) => [row.id, row])),
    images: new Set(images.rows.map((row) => row.hash)),
  };
}

const same = (a: ProductValues, b: ProductValues) =>
  a.name === b.name &&
  a.description === b.description &&
  a.priceCents === b.priceCents &&
  a.minQuantity === b.minQuantity &&
  a.availableQuantity === b.availableQuantity &&
  a.imageUrl === b.imageUrl;

async function plan(db: Queryable, csv: string, publicUrl: string, lock: boolean) {
  const rows = readImportFile(csv, publicUrl);
  const { products, images } = await lookUp(db, rows, lock);
  return rows.map((row): Planned => {
    if (!row.ok) return { report: { ...row, action: 'error', reason: row.reason, name: row.name } };
    const base = { row: row.row, productId: row.productId, name: row.values.name };
    const error = (reason: string): Planned => ({ report: { ...base, action: 'error', reason } });
    if (!images.has(hashOf(row.values.imageUrl))) return error(IMAGE_NOT_OURS_MESSAGE);
    if (row.productId === null)
      return { report: { ...base, action: 'create', reason: null }, values: row.values };
    const current = products.get(row.productId);
    if (!current) return error(IMPORT_UNKNOWN_PRODUCT_REASON);
    if (current.version !== row.version) return error(IMPORT_CHANGED_REASON);
    if (same(current, row.values))
      return { report: { ...base, action: 'unchanged', reason: null } };
    return {
      report: { ...base, action: 'update', reason: null },
      values: row.values,
      stockBefore: current.availableQuantity,
    };
  });
}

function reportOf(planned: Planned[], applied: boolean): ProductImportReport {
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const { report } of planned) counts[report.action] += 1;
  return { applied, counts, rows: planned.map((p) => p.report) };
}

/** The dry run: what each row would do, writing nothing. */
export async function previewProductImport(
  db: Db,
  csv: string,
  publicUrl: string,
): Promise<ProductImportReport> {
  return reportOf(await plan(db, csv, publicUrl, false), false);
}

const column = <K extends keyof ProductValues>(rows: Planned[], key: K) =>
  sql.param(rows.map((row) => (row.values as ProductValues)[key]));

/**
 * Apply: the same check on the locked rows, then every update in one UPDATE … FROM unnest and
 * every new product in one INSERT … SELECT FROM unnest (in file order), in one transaction. Any
 * row in error refuses the whole file (409 when a product changed since the export, else 400),
 * naming each such row in `fields` ("row 7": reason).
 */
export async function applyProductImport(
  db: Db,
  actor: Pick<AuthUser, 'id' | 'email'>,
  csv: string,
  publicUrl: string,
): Promise<ProductImportReport> {
  return db.transaction(async (tx) => {
    const planned = await plan(tx, csv, publicUrl, true);
    const errors = planned.filter((p) => p.report.action === 'error');
    if (errors.length > 0) {
      const fields = Object.fromEntries(
        errors.slice(0, 100).map(({ report }) => [`row ${report.row}`, report.reason ?? '']),
      );
      const message = `${IMPORT_REFUSED_MESSAGE} (${errors.length} of ${planned.length} rows)`;
      if (errors.some((p) => p.report.reason === IMPORT_CHANGED_REASON))
        throw new AppError(409, ErrorCode.Conflict, message, fields);
      throw new Invalid(message, fields);
    }
    const updates = planned.filter((p) => p.report.action === 'update');
    const creates = planned.filter((p) => p.report.action === 'create');
    const changedIds: string[] = [];
    if (updates.length > 0) {
      const updated = await tx.execute<{ id: string }>(sql`
        UPDATE product SET name = v.name, description = v.description,
          price_cents = v.price_cents, min_quantity = v.min_quantity,
          available_quantity = v.available_quantity, image_url = v.image_url, updated_at = now()
        FROM unnest(${sql.param(updates.map((p) => p.report.productId))}::uuid[],
          ${column(updates, 'name')}::text[], ${column(updates, 'description')}::text[],
          ${column(updates, 'priceCents')}::int[], ${column(updates, 'minQuantity')}::int[],
          ${column(updates, 'availableQuantity')}::int[], ${column(updates, 'imageUrl')}::text[])
          AS v(id, name, description, price_cents, min_quantity, available_quantity, image_url)
        WHERE product.id = v.id RETURNING product.id`);
      changedIds.push(...updated.rows.map((row) => row.id));
      // Back in stock: subscribers of a product the file restocks are mailed with this apply.
      await releaseStockAlertsOf(tx, changedIds);
    }
    if (creates.length > 0) {
      const inserted = await tx.execute<{ id: string; seq: number }>(sql`
        INSERT INTO product (name, description, price_cents, min_quantity, available_quantity, image_url)
        SELECT name, description, price_cents, min_quantity, available_quantity, image_url
        FROM unnest(${column(creates, 'name')}::text[], ${column(creates, 'description')}::text[],
          ${column(creates, 'priceCents')}::int[], ${column(creates, 'minQuantity')}::int[],
          ${column(creates, 'availableQuantity')}::int[], ${column(creates, 'imageUrl')}::text[])
          WITH ORDINALITY
          AS v(name, description, price_cents, min_quantity, available_quantity, image_url, n)
        ORDER BY n RETURNING id, seq::int AS seq`);
      // Identities are drawn in file order: the lowest seq is the file's first new product.
      const ids = inserted.rows.sort((a, b) => a.seq - b.seq).map((row) => row.id);
      creates.forEach((p, i) => (p.report.productId = ids[i] ?? null));
      changedIds.push(...ids);
    }
    const report = reportOf(planned, true);
    await recordAudit(tx, actor, {
      action: 'product.import',
      targetType: 'product-import',
      targetId: new Date().toISOString(),
      after: report.counts,
    });
    // Webhooks: product.updated for each, stock.low where the stock just fell to the threshold.
    const wasLow = new Set(
      planned
        .filter((p) => p.stockBefore !== undefined && p.stockBefore <= STOCK_LOW_THRESHOLD)
        .map((p) => p.report.productId),
    );
    await enqueueProductEvents(
      tx,
      changedIds,
      changedIds.filter((id) => !wasLow.has(id)),
    );
    return report;
  });
}
