import { sql } from 'drizzle-orm';
import {
  IMPORT_CHANGED_REASON,
  IMPORT_REFUSED_MESSAGE,
  IMPORT_UNKNOWN_PRODUCT_REASON,
  importColumnReason,
  importUnknownCategoryReason,
  type ProductImportReport,
  type ProductImportRow,
} from '../../../shared/product-import.ts';
import { centsToDollars } from '../../../shared/money.ts';
import { fromStoredBreaks, priceBreakProblems } from '../../../shared/price-breaks.ts';
import { IMAGE_NOT_OURS_MESSAGE } from '../../../shared/product.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import { AppError, Invalid } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueProductEvents } from '../webhooks/index.ts';
import { readImportFile, type FileRow, type ProductValues } from './product-import-file.ts';
import { insertProducts, updateProducts } from './product-import-write.ts';

interface Current extends Required<ProductValues> {
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
const imagesOf = (values: ProductValues) => [values.imageUrl, ...(values.images ?? [])];

/**
 * The products the file names, the images and the categories it uses, in three statements whatever
 * its size (`lock`: the products FOR UPDATE and the categories FOR KEY SHARE, so nobody changes or
 * deletes them between the check and the write of an apply).
 */
async function lookUp(db: Queryable, rows: FileRow[], lock: boolean) {
  const ids = rows.flatMap((row) => (row.productId ? [row.productId] : []));
  const hashes = [
    ...new Set(rows.flatMap((row) => (row.ok ? imagesOf(row.values).map(hashOf) : []))),
  ];
  const slugs = [
    ...new Set(rows.flatMap((row) => (row.ok && row.categorySlug ? [row.categorySlug] : []))),
  ];
  const products = await db.execute<Current & Record<string, unknown>>(sql`
    SELECT id, name, description, price_cents AS "priceCents", min_quantity AS "minQuantity",
      available_quantity AS "availableQuantity", image_url AS "imageUrl", version,
      category_id AS "categoryId", platform, battery_included AS "batteryIncluded",
      price_breaks AS "priceBreaks", images
    FROM product WHERE id = ANY(${sql.param(ids)}::uuid[])
    ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`);
  const images = await db.execute<{ hash: string }>(
    sql`SELECT hash FROM image WHERE hash = ANY(${sql.param(hashes)}::text[])`,
  );
  const categories = await db.execute<{ id: string; slug: string }>(sql`
    SELECT id, slug FROM category WHERE slug = ANY(${sql.param(slugs)}::text[])
    ORDER BY id ${lock ? sql`FOR KEY SHARE` : sql``}`);
  return {
    products: new Map(products.rows.map((row) => [row.id, row])),
    images: new Set(images.rows.map((row) => row.hash)),
    categories: new Map(categories.rows.map((row) => [row.slug, row.id])),
  };
}

const sameList = <T>(a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean) =>
  a.length === b.length && a.every((x, i) => equal(x, b[i] as T));

/** Whether the row changes nothing; a column the file lacks (undefined) changes nothing. */
const same = (current: Current, row: ProductValues) =>
  current.name === row.name &&
  current.description === row.description &&
  current.priceCents === row.priceCents &&
  current.minQuantity === row.minQuantity &&
  current.availableQuantity === row.availableQuantity &&
  current.imageUrl === row.imageUrl &&
  (row.categoryId === undefined || current.categoryId === row.categoryId) &&
  (row.platform === undefined || current.platform === row.platform) &&
  (row.batteryIncluded === undefined || current.batteryIncluded === row.batteryIncluded) &&
  (row.priceBreaks === undefined ||
    sameList(
      current.priceBreaks,
      row.priceBreaks,
      (a, b) => a.minQuantity === b.minQuantity && a.priceCents === b.priceCents,
    )) &&
  (row.images === undefined || sameList(current.images, row.images, (a, b) => a === b));

/**
 * A file without Price Breaks keeps the product's breaks: they must still fit its new price and
 * minimum order quantity (the form's rule), or the row is an error.
 */
function keptBreaksProblem(current: Current, row: ProductValues): string | undefined {
  if (row.priceBreaks !== undefined) return undefined;
  const [problem] = priceBreakProblems(fromStoredBreaks(current.priceBreaks), {
    price: centsToDollars(row.priceCents),
    minQuantity: row.minQuantity,
  });
  return problem && importColumnReason('Price Breaks', problem.message);
}

async function plan(db: Queryable, csv: string, publicUrl: string, lock: boolean) {
  const { rows, present } = readImportFile(csv, publicUrl);
  const { products, images, categories } = await lookUp(db, rows, lock);
  const planned = rows.map((row): Planned => {
    if (!row.ok) return { report: { ...row, action: 'error', reason: row.reason, name: row.name } };
    const base = { row: row.row, productId: row.productId, name: row.values.name };
    const error = (reason: string): Planned => ({ report: { ...base, action: 'error', reason } });
    if (!images.has(hashOf(row.values.imageUrl))) return error(IMAGE_NOT_OURS_MESSAGE);
    if (row.values.images?.some((url) => !images.has(hashOf(url))))
      return error(importColumnReason('More Images', IMAGE_NOT_OURS_MESSAGE));
    const values: ProductValues = { ...row.values };
    if (row.categorySlug !== undefined) {
      const categoryId = row.categorySlug === null ? null : categories.get(row.categorySlug);
      if (categoryId === undefined)
        return error(importUnknownCategoryReason(row.categorySlug as string));
      values.categoryId = categoryId;
    }
    if (row.productId === null)
      return { report: { ...base, action: 'create', reason: null }, values };
    const current = products.get(row.productId);
    if (!current) return error(IMPORT_UNKNOWN_PRODUCT_REASON);
    if (current.version !== row.version) return error(IMPORT_CHANGED_REASON);
    const breaksProblem = keptBreaksProblem(current, values);
    if (breaksProblem) return error(breaksProblem);
    if (same(current, values)) return { report: { ...base, action: 'unchanged', reason: null } };
    return {
      report: { ...base, action: 'update', reason: null },
      values,
      stockBefore: current.availableQuantity,
    };
  });
  return { planned, present };
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
  return reportOf((await plan(db, csv, publicUrl, false)).planned, false);
}

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
    const { planned, present } = await plan(tx, csv, publicUrl, true);
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
    const valuesOf = (rows: Planned[]) => rows.map((p) => p.values as ProductValues);
    const changedIds = await updateProducts(
      tx,
      updates.map((p) => p.report.productId as string),
      valuesOf(updates),
      updates.map((p) => p.stockBefore as number),
      present,
    );
    const createdIds = await insertProducts(tx, valuesOf(creates), present);
    creates.forEach((p, i) => (p.report.productId = createdIds[i] ?? null));
    changedIds.push(...createdIds);
    const report = reportOf(planned, true);
    await recordAudit(tx, actor, {
      action: 'product.import',
      targetType: 'product-import',
      targetId: new Date().toISOString(),
      after: report.counts,
    });
    // Webhooks: product.updated for each. The consequences of the stock the file set came from
    // the stock's one owner in the writes' own statements (ADR 043): subscribers of a product the
    // file puts back on sale are mailed with this apply, stock.low where the stock just fell to
    // the threshold.
    await enqueueProductEvents(tx, changedIds);
    return report;
  });
}
