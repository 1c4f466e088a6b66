import { asc } from 'drizzle-orm';
import { connectDatabase } from '../../src/server/db/client.ts';
import { EMBEDDED_DATABASE } from '../../src/server/db/database.ts';
import { runningClusterUrl } from '../../src/server/db/embedded-cluster.ts';
import { product, variant, variantPart } from '../../src/server/db/schema.ts';

// Issue 34: a product of several variants for the journeys. Written straight into the running
// shop's database (as orders.ts marks payments): the staff route that replaces a product's variants
// (PUT /api/products/{id}/variants) is being built beside this journey. The catalogue sees the rows
// at once (the variant tables bump the products' data version).
// LEAD: once PUT /api/products/{id}/variants is on main, this can create the same product through
// it (POST /api/products as an admin, then the variants body below).

export interface SeededVariant {
  sku: string;
  label: string;
  priceCents: number;
  /** What can be sold: a kit's is what its parts allow. */
  availableQuantity: number;
}

export interface VariantDrill {
  productId: string;
  name: string;
  bare18: SeededVariant;
  kit18: SeededVariant;
  battery: { sku: string };
}

export const KIT_VALUE = 'Kit (2 × 5.0 Ah + charger)';

function databaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  const url = dataDir && runningClusterUrl(dataDir, EMBEDDED_DATABASE);
  if (!url) throw new Error('The e2e shop is not running');
  return url;
}

/**
 * A drill in 12V and 18V, as a bare tool and as a kit: the 18V kit is made of the 18V bare tool,
 * two 5.0 Ah batteries and a charger (products of their own), so its stock is theirs (`chargers`:
 * how many chargers there are). 12V comes bare only. `tag` keeps names and SKUs apart.
 */
export async function createVariantDrill(
  tag: string,
  { chargers = 7 }: { chargers?: number } = {},
): Promise<VariantDrill> {
  const { db, pool } = connectDatabase(databaseUrl(), { max: 1 });
  try {
    // A picture the shop has: the seeded catalogue's first.
    const [seeded] = await db
      .select({ imageUrl: product.imageUrl })
      .from(product)
      .orderBy(asc(product.seq))
      .limit(1);
    const imageUrl = seeded?.imageUrl ?? `/images/${'0'.repeat(64)}.webp`;
    const sku = (suffix: string) => `E2E-${tag}-${suffix}`;
    const name = `Variant Hammer Drill ${tag}`;

    return await db.transaction(async (tx) => {
      const loose = async (partName: string, partSku: string, stock: number) => {
        const [made] = await tx
          .insert(product)
          .values({ name: partName, imageUrl, description: 'Part of a kit.' })
          .returning({ id: product.id });
        const [part] = await tx
          .insert(variant)
          .values({
            productId: made!.id,
            sku: partSku,
            priceCents: 8_900,
            minQuantity: 1,
            availableQuantity: stock,
          })
          .returning({ id: variant.id });
        return part!.id;
      };
      const batteryId = await loose(`5.0 Ah Battery ${tag}`, sku('BAT'), 40);
      const chargerId = await loose(`Charger ${tag}`, sku('CHG'), chargers);

      const [drill] = await tx
        .insert(product)
        .values({
          name,
          imageUrl,
          description: 'A hammer drill in 12V and 18V, bare or as a kit.',
          options: [
            { name: 'Voltage', values: ['12V', '18V'] },
            { name: 'Version', values: ['Bare tool', KIT_VALUE] },
          ],
        })
        .returning({ id: product.id });
      const productId = drill!.id;
      const rows = await tx
        .insert(variant)
        .values([
          {
            productId,
            sku: sku('12-BARE'),
            optionValues: { Voltage: '12V', Version: 'Bare tool' },
            label: '12V · Bare tool',
            position: 0,
            priceCents: 9_900,
            minQuantity: 1,
            availableQuantity: 30,
          },
          {
            productId,
            sku: sku('18-BARE'),
            optionValues: { Voltage: '18V', Version: 'Bare tool' },
            label: '18V · Bare tool',
            position: 1,
            priceCents: 12_900,
            minQuantity: 1,
            availableQuantity: 25,
          },
          {
            productId,
            sku: sku('18-KIT'),
            optionValues: { Voltage: '18V', Version: KIT_VALUE },
            label: `18V · ${KIT_VALUE}`,
            position: 2,
            priceCents: 27_900,
            minQuantity: 1,
            // A kit's own stock is unused: its parts' is what it can sell.
            availableQuantity: 0,
          },
        ])
        .returning({ id: variant.id, sku: variant.sku });
      const idOf = (suffix: string) => rows.find((row) => row.sku === sku(suffix))!.id;
      await tx.insert(variantPart).values([
        { kitId: idOf('18-KIT'), partId: idOf('18-BARE'), partSku: sku('18-BARE'), quantity: 1 },
        { kitId: idOf('18-KIT'), partId: batteryId, partSku: sku('BAT'), quantity: 2 },
        { kitId: idOf('18-KIT'), partId: chargerId, partSku: sku('CHG'), quantity: 1 },
      ]);
      return {
        productId,
        name,
        bare18: {
          sku: sku('18-BARE'),
          label: '18V · Bare tool',
          priceCents: 12_900,
          availableQuantity: 25,
        },
        // The chargers (7 unless told) allow fewest kits.
        kit18: {
          sku: sku('18-KIT'),
          label: `18V · ${KIT_VALUE}`,
          priceCents: 27_900,
          availableQuantity: Math.min(chargers, 20, 25),
        },
        battery: { sku: sku('BAT') },
      };
    });
  } finally {
    await pool.end();
  }
}
