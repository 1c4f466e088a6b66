import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { seedImagesFolder } from '../../paths.ts';
import { storeWebp, toWebp } from '../../modules/images/index.ts';
import { stockSetVariantInsert } from '../../modules/stock/index.ts';
import * as schema from '../schema.ts';
import { variantLabel } from '../../../shared/variant.ts';
import { seedCategories, seedProducts, seedReviews, type SeedVariant } from './catalogue.ts';
import { seedDemoPromotions } from './promotions.ts';
import { seedDemoShipping } from './shipping.ts';

const SEEDED_KEY = 'demo_seeded_at';
export const PRODUCT_IMAGE_SIZE = { width: 800, height: 600 };

export interface SeedOptions {
  /**
   * The demo shipping zones and methods and the states it collects tax in (issue 35; default
   * true). The API tests' template leaves them out: their shop has not configured shipping.
   */
  shipping?: boolean;
}

/**
 * Seeds the demo catalogue and reviews (and its shipping and tax settings) once, on a database that
 * has never been seeded. The marker row keeps an admin's emptied catalogue from coming back on the
 * next start; a shop seeded before issue 35 does not get the demo shipping (its staff configure it).
 */
export async function seedDemoData(
  db: NodePgDatabase<typeof schema>,
  log: (message: string) => void,
  { shipping = true }: SeedOptions = {},
): Promise<void> {
  const [marker] = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEEDED_KEY));
  if (marker) return;

  // Render outside the transaction: it is CPU work, not database work.
  const rendered = await Promise.all(
    seedProducts.map(async (p) => ({
      product: p,
      webp: await toWebp(
        await readFile(join(seedImagesFolder, p.image)),
        PRODUCT_IMAGE_SIZE.width,
        PRODUCT_IMAGE_SIZE.height,
      ),
    })),
  );

  await db.transaction(async (tx) => {
    const categories = await tx
      .insert(schema.category)
      .values(seedCategories)
      .returning({ id: schema.category.id, slug: schema.category.slug });
    const categoryIds = new Map(categories.map((c) => [c.slug, c.id]));
    const variantIds = new Map<string, string>();
    // Kits are linked to their parts once every variant is in: a kit may list a part seeded later.
    const kits: { kitId: string; sku: string; parts: NonNullable<SeedVariant['parts']> }[] = [];
    for (const { product: p, webp } of rendered) {
      const stored = await storeWebp(tx, webp);
      const options = p.options ?? [];
      const [made] = await tx
        .insert(schema.product)
        .values({
          name: p.name,
          description: p.description,
          imageUrl: stored.url,
          categoryId: categoryIds.get(p.category) ?? null,
          platform: p.platform ?? null,
          batteryIncluded: p.batteryIncluded ?? false,
          options,
        })
        .returning({ id: schema.product.id, seq: schema.product.seq });
      if (!made) throw new Error('INSERT … RETURNING gave no row');
      const variants: SeedVariant[] = p.variants ?? [
        {
          sku: p.sku ?? `TH-${String(made.seq).padStart(5, '0')}`,
          optionValues: {},
          priceCents: p.priceCents,
          minQuantity: p.minQuantity,
          availableQuantity: p.availableQuantity,
          weightGrams: p.weightGrams ?? 0,
        },
      ];
      for (const [position, v] of variants.entries()) {
        // Its stock set through the stock's one owner (ADR 043), as every writer's is.
        const id = await stockSetVariantInsert(
          tx,
          {
            productId: made.id,
            sku: v.sku,
            optionValues: v.optionValues,
            label: variantLabel(options, v.optionValues),
            position,
            priceCents: v.priceCents,
            minQuantity: v.minQuantity,
            weightGrams: v.weightGrams,
          },
          v.parts ? 0 : v.availableQuantity,
        );
        const row = { id };
        variantIds.set(v.sku, row.id);
        if (v.parts) kits.push({ kitId: row.id, sku: v.sku, parts: v.parts });
      }
    }
    for (const kit of kits) {
      for (const part of kit.parts) {
        const partId = variantIds.get(part.sku);
        if (!partId) throw new Error(`seed kit ${kit.sku}: part ${part.sku} is not seeded`);
        await tx
          .insert(schema.variantPart)
          .values({ kitId: kit.kitId, partId, partSku: part.sku, quantity: part.quantity });
      }
    }
    await tx
      .insert(schema.review)
      .values(seedReviews.map((r) => ({ name: r.name, rating: r.rating, body: r.body })));
    if (shipping) await seedDemoShipping(tx);
    await seedDemoPromotions(tx);
    await tx.insert(schema.appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
  });
  log(`Seeded the demo catalogue: ${seedProducts.length} products, ${seedReviews.length} reviews`);
}
