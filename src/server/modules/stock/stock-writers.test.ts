import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One owner for stock (issue 33, ADR 043): only modules/stock and the migrations that define
// `change_stock` (drizzle/0014, 0027) change available_quantity; every path goes through
// stock-change.ts, which attaches the consequences of the change. Tests may set stock directly to
// arrange a scene; a product's INSERT (a new product) is not a change of stock.

const ROOT = join(import.meta.dirname, '../../../..');
const SEARCHED = ['src/server', 'drizzle'];
const OWNERS = [
  'src/server/modules/stock/',
  'drizzle/0014_change_stock_function.sql',
  'drizzle/0027_change_stock_rows.sql',
];

/**
 * The whole-product rewrites, which set the stock in the same UPDATE as the product's other
 * columns (one UPDATE per edit keeps product.version one step per edit, ADR 020) and hand the
 * consequences to the stock's owner right after (`stockSetConsequences`). No other file may join.
 */
const WHOLE_PRODUCT_REWRITES: Record<string, string> = {
  'src/server/modules/catalog/catalog.service.ts': "the admin's edit (PUT /api/products/{id})",
  'src/server/modules/product-import/product-import-write.ts': 'the CSV import',
};

/** SQL text assigning the stock (`available_quantity = …`, not a comparison `==`). */
const SQL_WRITE = /\bavailable_quantity\s*=(?!=)/;
/** An UPDATE of the product table, through drizzle or in SQL text. */
const PRODUCT_UPDATE = /\.update\(\s*product\s*\)|\bupdate\s+(?:\$\{\s*)?product\b/i;
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
  return SQL_WRITE.test(text) || (PRODUCT_UPDATE.test(text) && STOCK_COLUMN.test(text));
}

/** The files under `root` (its `SEARCHED` folders) that write the stock, the owners left out. */
function stockWriters(root: string): string[] {
  return SEARCHED.flatMap((folder) => sources(join(root, folder)))
    .map((file) => relative(root, file))
    .filter((name) => !OWNERS.some((owner) => name.startsWith(owner)))
    .filter((name) => writesStock(readFileSync(join(root, name), 'utf8')))
    .sort();
}

describe('writers of available_quantity', () => {
  it('are the stock module and its migrations, and the whole-product rewrites named above', () => {
    expect(stockWriters(ROOT)).toEqual(Object.keys(WHOLE_PRODUCT_REWRITES).sort());
  });

  it('would find each way of writing it', () => {
    const writes = [
      'UPDATE product SET available_quantity = available_quantity + 1',
      'await tx.update(product).set({ availableQuantity: sql`${product.availableQuantity} + 1` })',
      "UPDATE ${product} SET x = 1 -- { name: 'available_quantity' }",
    ];
    expect(writes.filter(writesStock)).toEqual(writes);
    const reads = [
      'SELECT available_quantity FROM product WHERE available_quantity >= min_quantity',
      'await tx.select({ availableQuantity: product.availableQuantity }).from(product)',
    ];
    expect(reads.filter(writesStock)).toEqual([]);
  });
});
