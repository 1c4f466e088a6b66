import { sql } from 'drizzle-orm';
import {
  IMPORT_CHANGED_REASON,
  IMPORT_PART_ITSELF_REASON,
  IMPORT_PRODUCT_COLUMNS_DIFFER_REASON,
  IMPORT_REFUSED_MESSAGE,
  IMPORT_SKU_NEEDED_REASON,
  IMPORT_SKU_OTHER_PRODUCT_REASON,
  IMPORT_UNKNOWN_PRODUCT_REASON,
  importColumnReason,
  importPartIsKitReason,
  importUnknownPartReason,
  importUnknownCategoryReason,
  type ProductImportReport,
  type ProductImportRow,
} from '../../../shared/product-import.ts';
import { centsToDollars } from '../../../shared/money.ts';
import {
  fromStoredBreaks,
  priceBreakProblems,
  type StoredPriceBreak,
} from '../../../shared/price-breaks.ts';
import {
  sameSku,
  skuTakenMessage,
  variantLabel,
  type ProductOption,
} from '../../../shared/variant.ts';
import { IMAGE_NOT_OURS_MESSAGE } from '../../../shared/product.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import { AppError, Invalid } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueProductEvents } from '../webhooks/index.ts';
import {
  readImportFile,
  type FileRow,
  type PresentColumns,
  type ProductValues,
} from './product-import-file.ts';
import {
  insertProducts,
  insertVariants,
  replaceParts,
  updateProducts,
  updateVariants,
  type ProductWrite,
  type VariantWrite,
} from './product-import-write.ts';

/** A product the file names, as it is now. */
interface CurrentProduct extends Required<ProductValues> {
  id: string;
  version: number;
  options: ProductOption[];
}

/** A variant of a product the file names (or a variant a kit's Parts names), as it is now. */
interface CurrentVariant {
  id: string;
  productId: string;
  sku: string;
  position: number;
  version: number;
  priceCents: number;
  minQuantity: number;
  availableQuantity: number;
  priceBreaks: StoredPriceBreak[];
  optionValues: Record<string, string>;
  label: string;
  weightGrams: number;
  taxClass: string;
  /** Its parts by SKU, in SKU order; empty unless it is a kit. */
  parts: { sku: string; quantity: number }[];
}

type OkRow = Extract<FileRow, { ok: true }>;

/** A row with what applying it would do. */
interface Planned {
  report: ProductImportRow;
  row?: OkRow;
  /** The product's values (categories resolved) and the variant the row updates, if any. */
  values?: ProductValues;
  current?: CurrentVariant;
}

const IMAGE_PREFIX = '/images/';
const hashOf = (url: string) => url.slice(IMAGE_PREFIX.length, -'.webp'.length);
const imagesOf = (values: ProductValues) => [values.imageUrl, ...(values.images ?? [])];
const lower = (sku: string) => sku.toLowerCase();

/**
 * The products the file names with all their variants, the variants its SKUs and Parts name, the
 * images and the categories it uses, in a few statements whatever its size (`lock`: the products
 * and their variants FOR UPDATE and the categories FOR KEY SHARE, so nobody changes or deletes
 * them between the check and the write of an apply).
 */
async function lookUp(db: Queryable, rows: FileRow[], lock: boolean) {
  const ids = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))];
  const skus = [
    ...new Set(
      rows.flatMap((row) => [
        ...(row.sku ? [lower(row.sku)] : []),
        ...(row.ok ? (row.variant.parts ?? []).map((part) => lower(part.sku)) : []),
      ]),
    ),
  ];
  const hashes = [
    ...new Set(rows.flatMap((row) => (row.ok ? imagesOf(row.values).map(hashOf) : []))),
  ];
  const slugs = [
    ...new Set(rows.flatMap((row) => (row.ok && row.categorySlug ? [row.categorySlug] : []))),
  ];
  const products = await db.execute<CurrentProduct & Record<string, unknown>>(sql`
    SELECT id, name, description, image_url AS "imageUrl", version,
      category_id AS "categoryId", platform, battery_included AS "batteryIncluded", images, options
    FROM product WHERE id = ANY(${sql.param(ids)}::uuid[])
    ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`);
  const variants = await db.execute<CurrentVariant & Record<string, unknown>>(sql`
    SELECT v.id, v.product_id AS "productId", v.sku, v.position::int AS position, v.version,
      v.price_cents AS "priceCents", v.min_quantity AS "minQuantity",
      v.available_quantity AS "availableQuantity", v.price_breaks AS "priceBreaks",
      v.option_values AS "optionValues", v.label, v.weight_grams AS "weightGrams",
      v.tax_class AS "taxClass",
      coalesce((SELECT jsonb_agg(jsonb_build_object('sku', coalesce(part.sku, vp.part_sku),
          'quantity', vp.quantity) ORDER BY lower(coalesce(part.sku, vp.part_sku)))
        FROM variant_part vp LEFT JOIN variant part ON part.id = vp.part_id
        WHERE vp.kit_id = v.id), '[]'::jsonb) AS parts
    FROM variant v
    WHERE v.product_id = ANY(${sql.param(ids)}::uuid[])
      OR lower(v.sku) = ANY(${sql.param(skus)}::text[])
    ORDER BY v.id ${lock ? sql`FOR UPDATE OF v` : sql``}`);
  const images = await db.execute<{ hash: string }>(
    sql`SELECT hash FROM image WHERE hash = ANY(${sql.param(hashes)}::text[])`,
  );
  const categories = await db.execute<{ id: string; slug: string }>(sql`
    SELECT id, slug FROM category WHERE slug = ANY(${sql.param(slugs)}::text[])
    ORDER BY id ${lock ? sql`FOR KEY SHARE` : sql``}`);
  const variantsOf = new Map<string, CurrentVariant[]>();
  for (const row of [...variants.rows].sort(
    (a, b) => a.position - b.position || (a.id < b.id ? -1 : 1),
  ))
    variantsOf.set(row.productId, [...(variantsOf.get(row.productId) ?? []), row]);
  return {
    products: new Map(products.rows.map((row) => [row.id, row])),
    /** A product's variants, default first. */
    variantsOf,
    bySku: new Map(variants.rows.map((row) => [lower(row.sku), row])),
    images: new Set(images.rows.map((row) => row.hash)),
    categories: new Map(categories.rows.map((row) => [row.slug, row.id])),
  };
}

const sameList = <T>(a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean) =>
  a.length === b.length && a.every((x, i) => equal(x, b[i] as T));

/** Whether the product's columns change nothing; a column the file lacks changes nothing. */
const sameProduct = (current: CurrentProduct, row: ProductValues) =>
  current.name === row.name &&
  current.description === row.description &&
  current.imageUrl === row.imageUrl &&
  (row.categoryId === undefined || current.categoryId === row.categoryId) &&
  (row.platform === undefined || current.platform === row.platform) &&
  (row.batteryIncluded === undefined || current.batteryIncluded === row.batteryIncluded) &&
  (row.images === undefined || sameList(current.images, row.images, (a, b) => a === b));

const sameParts = (
  a: readonly { sku: string; quantity: number }[],
  b: readonly { sku: string; quantity: number }[],
) => {
  const sorted = (parts: readonly { sku: string; quantity: number }[]) =>
    [...parts].sort((x, y) => (lower(x.sku) < lower(y.sku) ? -1 : 1));
  return sameList(
    sorted(a),
    sorted(b),
    (x, y) => sameSku(x.sku, y.sku) && x.quantity === y.quantity,
  );
};

const sameOptionValues = (a: Record<string, string>, b: [string, string][]) =>
  Object.keys(a).length === b.length && b.every(([name, value]) => a[name] === value);

/** Whether the variant's columns change nothing; a column the file lacks changes nothing. */
const sameVariant = (current: CurrentVariant, row: OkRow) =>
  (row.sku === null || current.sku === row.sku) &&
  current.priceCents === row.variant.priceCents &&
  current.minQuantity === row.variant.minQuantity &&
  current.availableQuantity === row.variant.availableQuantity &&
  (row.variant.priceBreaks === undefined ||
    sameList(
      current.priceBreaks,
      row.variant.priceBreaks,
      (a, b) => a.minQuantity === b.minQuantity && a.priceCents === b.priceCents,
    )) &&
  (row.variant.optionValues === undefined ||
    sameOptionValues(current.optionValues, row.variant.optionValues)) &&
  (row.variant.weightGrams === undefined || current.weightGrams === row.variant.weightGrams) &&
  (row.variant.taxClass === undefined || current.taxClass === row.variant.taxClass) &&
  (row.variant.parts === undefined || sameParts(current.parts, row.variant.parts));

/**
 * A file without Price Breaks keeps the variant's breaks: they must still fit its new price and
 * minimum order quantity (the form's rule), or the row is an error.
 */
function keptBreaksProblem(current: CurrentVariant, row: OkRow): string | undefined {
  if (row.variant.priceBreaks !== undefined) return undefined;
  const [problem] = priceBreakProblems(fromStoredBreaks(current.priceBreaks), {
    price: centsToDollars(row.variant.priceCents),
    minQuantity: row.variant.minQuantity,
  });
  return problem && importColumnReason('Price Breaks', problem.message);
}

/**
 * Which product a row belongs to: its Product ID, or for a new product (no Product ID) its name:
 * the rows without a Product ID that have the same Name make one new product (docs/features.md).
 */
const groupKey = (row: FileRow) =>
  row.productId !== null ? `id:${row.productId}` : `new:${row.ok ? row.values.name : row.name}`;

/**
 * The options a product's variants choose among: its current ones first (the values still used),
 * then the names and values the file brings, in the order they first appear.
 */
function optionsOf(
  current: readonly ProductOption[],
  used: readonly Record<string, string>[],
): ProductOption[] {
  const options = current.map((option) => ({
    name: option.name,
    values: option.values.filter((value) => used.some((values) => values[option.name] === value)),
  }));
  for (const values of used)
    for (const [name, value] of Object.entries(values)) {
      let option = options.find((o) => o.name === name);
      if (!option) options.push((option = { name, values: [] }));
      if (!option.values.includes(value)) option.values.push(value);
    }
  return options.filter((option) => option.values.length > 0);
}

async function plan(db: Queryable, csv: string, publicUrl: string, lock: boolean) {
  const { rows, present } = readImportFile(csv, publicUrl);
  const { products, variantsOf, bySku, images, categories } = await lookUp(db, rows, lock);
  const groups = new Map<string, FileRow[]>();
  for (const row of rows) groups.set(groupKey(row), [...(groups.get(groupKey(row)) ?? []), row]);
  // The file's own kits and not-kits, by SKU: a part must not be a kit (after this import).
  const fileKits = new Map(
    rows.flatMap((row) =>
      row.ok && row.sku && row.variant.parts !== undefined
        ? [[lower(row.sku), row.variant.parts.length > 0] as const]
        : [],
    ),
  );
  const fileSkus = new Set(rows.flatMap((row) => (row.sku ? [lower(row.sku)] : [])));
  const isKit = (sku: string) =>
    fileKits.get(lower(sku)) ?? (bySku.get(lower(sku))?.parts.length ?? 0) > 0;

  const planned = rows.map((row): Planned => {
    if (!row.ok) return { report: { ...row, action: 'error', reason: row.reason, name: row.name } };
    const base = { row: row.row, productId: row.productId, sku: row.sku, name: row.values.name };
    const error = (reason: string): Planned => ({ report: { ...base, action: 'error', reason } });
    const group = groups.get(groupKey(row)) ?? [];
    const first = group.find((other): other is OkRow => other.ok);
    if (first && first !== row && !sameProductColumns(first, row))
      return error(IMPORT_PRODUCT_COLUMNS_DIFFER_REASON);
    if (row.sku === null && group.length > 1) return error(IMPORT_SKU_NEEDED_REASON);
    if (!images.has(hashOf(row.values.imageUrl))) return error(IMAGE_NOT_OURS_MESSAGE);
    if (row.values.images?.some((url) => !images.has(hashOf(url))))
      return error(importColumnReason('More Images', IMAGE_NOT_OURS_MESSAGE));
    for (const part of row.variant.parts ?? []) {
      if (row.sku && sameSku(part.sku, row.sku)) return error(IMPORT_PART_ITSELF_REASON);
      if (!fileSkus.has(lower(part.sku)) && !bySku.has(lower(part.sku)))
        return error(importUnknownPartReason(part.sku));
      if (isKit(part.sku)) return error(importPartIsKitReason(part.sku));
    }
    const values: ProductValues = { ...row.values };
    if (row.categorySlug !== undefined) {
      const categoryId = row.categorySlug === null ? null : categories.get(row.categorySlug);
      if (categoryId === undefined)
        return error(importUnknownCategoryReason(row.categorySlug as string));
      values.categoryId = categoryId;
    }
    const owner = row.sku ? bySku.get(lower(row.sku)) : undefined;
    if (row.productId === null) {
      if (owner) return error(skuTakenMessage(row.sku as string));
      return { report: { ...base, action: 'create', reason: null }, row, values };
    }
    const current = products.get(row.productId);
    if (!current) return error(IMPORT_UNKNOWN_PRODUCT_REASON);
    if (owner && owner.productId !== row.productId) return error(IMPORT_SKU_OTHER_PRODUCT_REASON);
    // The row's variant: its SKU's, or (no SKU) the product's default; none: a new variant.
    const variant = row.sku === null ? variantsOf.get(row.productId)?.[0] : owner;
    if (!variant) return { report: { ...base, action: 'create', reason: null }, row, values };
    // The row's Version is its product's and its variant's (both only grow).
    if (current.version + variant.version !== row.version) return error(IMPORT_CHANGED_REASON);
    const breaksProblem = keptBreaksProblem(variant, row);
    if (breaksProblem) return error(breaksProblem);
    if (sameProduct(current, values) && sameVariant(variant, row))
      return { report: { ...base, sku: variant.sku, action: 'unchanged', reason: null } };
    return {
      report: { ...base, sku: variant.sku, action: 'update', reason: null },
      row,
      values,
      current: variant,
    };
  });
  return { planned, present, products, variantsOf };
}

/** Whether two rows of one product repeat its columns alike (as the export writes them). */
const sameProductColumns = (a: OkRow, b: OkRow) =>
  a.categorySlug === b.categorySlug &&
  sameProduct(
    {
      ...a.values,
      id: '',
      version: 0,
      options: [],
      categoryId: a.values.categoryId ?? null,
      platform: a.values.platform ?? null,
      batteryIncluded: a.values.batteryIncluded ?? false,
      images: a.values.images ?? [],
    },
    b.values,
  );

function reportOf(planned: Planned[], applied: boolean): ProductImportReport {
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const { report } of planned) counts[report.action] += 1;
  return { applied, counts, rows: planned.map((p) => p.report) };
}

const valuesObject = (entries: [string, string][] | undefined) =>
  entries === undefined ? undefined : Object.fromEntries(entries);

/**
 * The writes of an apply whose rows are all good: the products (new ones in file order, then the
 * updated), the variants (updated, then new in file order, each new product's in its rows' order
 * so its first row is its default), then the kits' parts (a part may be a variant of this file).
 * Returns the ids of the products written or whose variants were.
 */
async function write(
  tx: Queryable,
  planned: readonly Planned[],
  present: PresentColumns,
  products: ReadonlyMap<string, CurrentProduct>,
  variantsOf: ReadonlyMap<string, CurrentVariant[]>,
): Promise<string[]> {
  const written = planned.filter(
    (p): p is Required<Pick<Planned, 'row' | 'values'>> & Planned => p.row !== undefined,
  );
  const groups = new Map<string, typeof written>();
  for (const p of written) groups.set(groupKey(p.row), [...(groups.get(groupKey(p.row)) ?? []), p]);

  // The products: their first written row's columns, and the options their variants make.
  const productWrites = new Map<string, ProductWrite>();
  const productUpdates: { id: string; write: ProductWrite }[] = [];
  const productCreates: { key: string; write: ProductWrite }[] = [];
  for (const [key, group] of groups) {
    const first = group[0] as (typeof written)[number];
    const current = first.row.productId ? products.get(first.row.productId) : undefined;
    const inFile = new Set(group.flatMap((p) => (p.current ? [p.current.id] : [])));
    const kept = current ? (variantsOf.get(current.id) ?? []).filter((v) => !inFile.has(v.id)) : [];
    const options = present.Options
      ? optionsOf(current?.options ?? [], [
          ...group.map(
            (p) => valuesObject(p.row.variant.optionValues) ?? p.current?.optionValues ?? {},
          ),
          ...kept.map((v) => v.optionValues),
        ])
      : (current?.options ?? []);
    const productWrite = { values: first.values, options };
    productWrites.set(key, productWrite);
    if (!current) productCreates.push({ key, write: productWrite });
    else if (
      !sameProduct(current, first.values) ||
      JSON.stringify(current.options) !== JSON.stringify(options)
    )
      productUpdates.push({ id: current.id, write: productWrite });
  }
  await updateProducts(
    tx,
    productUpdates.map((u) => u.id),
    productUpdates.map((u) => u.write),
    present,
  );
  const created = await insertProducts(
    tx,
    productCreates.map((c) => c.write),
    present,
  );
  const productIdOf = new Map<string, { id: string; seq: number | null }>(
    productCreates.map((c, i) => [c.key, created[i] as { id: string; seq: number }]),
  );

  // The variants.
  const variantWrite = (
    p: (typeof written)[number],
    productId: string,
    sku: string,
    position: number,
  ): VariantWrite => {
    const optionValues = valuesObject(p.row.variant.optionValues) ?? p.current?.optionValues ?? {};
    const kit = (p.row.variant.parts ?? p.current?.parts ?? []).length > 0;
    return {
      productId,
      sku,
      position,
      priceCents: p.row.variant.priceCents,
      minQuantity: p.row.variant.minQuantity,
      stock: kit ? 0 : p.row.variant.availableQuantity,
      priceBreaks: p.row.variant.priceBreaks,
      optionValues,
      label: variantLabel(productWrites.get(groupKey(p.row))?.options ?? [], optionValues),
      weightGrams: p.row.variant.weightGrams,
      taxClass: p.row.variant.taxClass,
    };
  };
  const updates = written.filter((p) => p.current !== undefined);
  await updateVariants(
    tx,
    updates.map((p) => (p.current as CurrentVariant).id),
    updates.map((p) => {
      const current = p.current as CurrentVariant;
      return variantWrite(p, current.productId, p.row.sku ?? current.sku, current.position);
    }),
    updates.map((p) => (p.current as CurrentVariant).availableQuantity),
    present,
  );
  const creates = written.filter((p) => p.current === undefined);
  const nextPosition = new Map<string, number>();
  const inserts = creates.map((p) => {
    const key = groupKey(p.row);
    const product = p.row.productId
      ? { id: p.row.productId, seq: null }
      : (productIdOf.get(key) as { id: string; seq: number });
    const position =
      nextPosition.get(key) ??
      Math.max(-1, ...(variantsOf.get(product.id) ?? []).map((v) => v.position)) + 1;
    nextPosition.set(key, position + 1);
    // A new product's row without a SKU: the SKU the admin's form gives (TH- and its number).
    const sku = p.row.sku ?? `TH-${String(product.seq).padStart(5, '0')}`;
    p.report.productId = product.id;
    p.report.sku = sku;
    return variantWrite(p, product.id, sku, position);
  });
  const insertedIds = await insertVariants(tx, inserts, present);

  // The kits' parts, where the file has the column and they changed.
  if (present.Parts) {
    const kits = [
      ...updates.flatMap((p) =>
        p.row.variant.parts && !sameParts((p.current as CurrentVariant).parts, p.row.variant.parts)
          ? [{ id: (p.current as CurrentVariant).id, parts: p.row.variant.parts }]
          : [],
      ),
      ...creates.flatMap((p, i) =>
        p.row.variant.parts?.length
          ? [{ id: insertedIds[i] as string, parts: p.row.variant.parts }]
          : [],
      ),
    ];
    await replaceParts(
      tx,
      kits.map((k) => k.id),
      kits.map((k) => k.parts),
    );
  }
  return [
    ...new Set([
      ...inserts.map((v) => v.productId),
      ...updates.map((p) => (p.current as CurrentVariant).productId),
      ...productUpdates.map((u) => u.id),
    ]),
  ];
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
    const { planned, present, products, variantsOf } = await plan(tx, csv, publicUrl, true);
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
    const changedProducts = await write(tx, planned, present, products, variantsOf);
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
    await enqueueProductEvents(tx, changedProducts);
    return report;
  });
}
