import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One owner for stock (issue 33, ADR 043 and its amendment): only modules/stock and the migrations
// that define `change_stock` (drizzle/0014, 0027, 0028: a variant's, ADR 047) write
// available_quantity, with no exception:
// every path goes through stock-change.ts (a delta) or stock-set.ts (the whole-product writes that
// set it, a new product's INSERT included), which attach the consequences of the change. Tests and
// their support (src/server/testing/) may set stock directly to arrange a scene.

const ROOT = join(import.meta.dirname, '../../../..');
const SEARCHED = ['src/server', 'drizzle'];
const OWNERS = [
  'src/server/modules/stock/',
  'drizzle/0014_change_stock_function.sql',
  'drizzle/0027_change_stock_rows.sql',
  'drizzle/0028_variants.sql',
];
/** Test support: like the tests, it sets stock directly to arrange a scene. */
const TEST_SUPPORT = ['src/server/testing/'];

/** SQL text assigning the stock (`available_quantity = …`, not a comparison `==`). */
const SQL_WRITE = /\bavailable_quantity\s*=(?!=)/;
/** SQL text inserting a product with its stock among the columns listed. */
const SQL_INSERT =
  /\binsert\s+into\s+(?:\$\{\s*)?(?:product|variant)\b[^(]*\([^)]*\bavailable_quantity\b/i;
/** An UPDATE of or INSERT into the product or variant table, through drizzle or in SQL text. */
const PRODUCT_UPDATE =
  /\.(?:update|insert)\(\s*(?:product|variant)\s*\)|\b(?:update|insert\s+into)\s+(?:\$\{\s*)?(?:product|variant)\b/i;
/** The stock among the columns set (drizzle's key, or the column's name as a string). */
const STOCK_COLUMN = /\bavailableQuantity\s*:|['"`]available_quantity['"`]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(?:tsx?|sql)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Whether the text of a file writes available_quantity. */
export function writesStock(text: string): boolean {
  return (
    SQL_WRITE.test(text) ||
    SQL_INSERT.test(text) ||
    (PRODUCT_UPDATE.test(text) && STOCK_COLUMN.test(text))
  );
}

/** The files under `root` (its `SEARCHED` folders) that write the stock, the owners left out. */
function stockWriters(root: string): string[] {
  return SEARCHED.flatMap((folder) => sources(join(root, folder)))
    .map((file) => relative(root, file))
    .filter((name) => ![...OWNERS, ...TEST_SUPPORT].some((owner) => name.startsWith(owner)))
    .filter((name) => writesStock(readFileSync(join(root, name), 'utf8')))
    .sort();
}

describe('writers of available_quantity', () => {
  it('are the stock module and its migrations only', () => {
    expect(stockWriters(ROOT)).toEqual([]);
  });

  it('would find each way of writing it', () => {
    const writes = [
      'UPDATE product SET available_quantity = available_quantity + 1',
      'await tx.update(product).set({ availableQuantity: sql`${product.availableQuantity} + 1` })',
      "UPDATE ${product} SET x = 1 -- { name: 'available_quantity' }",
      'await tx.insert(product).values({ name, availableQuantity: 5 })',
      'INSERT INTO product (name, available_quantity) SELECT * FROM unnest($1, $2)',
      'UPDATE variant SET available_quantity = 0',
      'await tx.update(variant).set({ availableQuantity: 0 })',
      'await tx.insert(variant).values({ sku, availableQuantity: 5 })',
      'INSERT INTO variant (sku, available_quantity) VALUES ($1, $2)',
    ];
    expect(writes.filter(writesStock)).toEqual(writes);
    const reads = [
      'SELECT available_quantity FROM product WHERE available_quantity >= min_quantity',
      'await tx.select({ availableQuantity: product.availableQuantity }).from(product)',
    ];
    expect(reads.filter(writesStock)).toEqual([]);
  });
});
