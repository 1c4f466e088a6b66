import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { checkout, product, productOffer, user, variant } from '../db/schema.ts';
import { waitFullMilliseconds } from '../http/commit-wait.ts';
import { DATA_FRESHNESS_MS } from '../db/data-version-check.ts';

export interface TestProduct {
  id: string;
  /** Its one variant (issue 34): id and SKU. */
  variantId: string;
  sku: string;
  name: string;
  priceCents: number;
  minQuantity: number;
  availableQuantity: number;
}

let made = 0;

/**
 * Waits out the data freshness bound after a write made straight to the database, as the API's
 * commit wait does for its own writes: every read after it sees the write (docs/decisions/016).
 */
export const afterDirectWrite = () => waitFullMilliseconds(DATA_FRESHNESS_MS);

/**
 * A product written straight to the database (no admin or image upload needed), returned once
 * the cached reads show it.
 */
export async function createProduct(
  db: Db,
  fields: Partial<Omit<TestProduct, 'id'>> = {},
): Promise<TestProduct> {
  made += 1;
  const row = await db.transaction(async (tx) => {
    const [made_] = await tx
      .insert(product)
      .values({
        name: fields.name ?? `Test Drill ${made}`,
        imageUrl: `/images/${'0'.repeat(64)}.webp`,
      })
      .returning({ id: product.id, name: product.name, seq: product.seq });
    const [sold] = await tx
      .insert(variant)
      .values({
        productId: made_!.id,
        sku: `TEST-${made_!.seq}`,
        priceCents: fields.priceCents ?? 12_999,
        minQuantity: fields.minQuantity ?? 1,
        availableQuantity: fields.availableQuantity ?? 100,
      })
      .returning({
        variantId: variant.id,
        sku: variant.sku,
        priceCents: variant.priceCents,
        minQuantity: variant.minQuantity,
        availableQuantity: variant.availableQuantity,
      });
    return { id: made_!.id, name: made_!.name, ...sold! };
  });
  await afterDirectWrite();
  return row;
}

/**
 * The stock and version of the product's default variant (the product's own, issue 34) as the
 * database has them now; the version is the product's as the API shows it.
 */
export async function stockOf(db: Db, productId: string) {
  const [row] = await db
    .select({ available: productOffer.availableQuantity, version: productOffer.version })
    .from(productOffer)
    .where(eq(productOffer.id, productId));
  return row;
}

/** The account id behind an e-mail. */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

/**
 * A checkout for orders written straight to the database (they skip the order statement, so its
 * unpaid count is 0: such orders must not go through a transition that ends their unpaid time).
 */
export async function createCheckout(
  db: Db,
  userId: string,
  fields: { poReference?: string } = {},
): Promise<string> {
  const [row] = await db
    .insert(checkout)
    .values({ userId, poReference: fields.poReference ?? null, unpaidOrders: 0 })
    .returning({ id: checkout.id });
  return row!.id;
}
