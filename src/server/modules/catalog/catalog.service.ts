import { asc, eq } from 'drizzle-orm';
import { IdSchema } from '../../../shared/ids.ts';
import { centsToDollars } from '../../../shared/money.ts';
import type { Product } from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { product } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';

const columns = {
  id: product.id,
  name: product.name,
  description: product.description,
  priceCents: product.priceCents,
  minQuantity: product.minQuantity,
  availableQuantity: product.availableQuantity,
  imageUrl: product.imageUrl,
  version: product.version,
};

type ProductRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    description: row.description,
    img: row.imageUrl,
    minQuantity: row.minQuantity,
    availableQuantity: row.availableQuantity,
    version: row.version,
  };
}

/** The whole catalogue, oldest first (the spec's client reverses it for "most recent"). */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db.select(columns).from(product).orderBy(asc(product.seq));
  return rows.map(toProduct);
}

export async function getProduct(db: Db, productId: string): Promise<Product> {
  // A malformed id is as unknown as a missing one (and must never reach the uuid cast).
  if (!IdSchema.safeParse(productId).success) throw new NotFound('Product not found');
  const [row] = await db.select(columns).from(product).where(eq(product.id, productId));
  if (!row) throw new NotFound('Product not found');
  return toProduct(row);
}
