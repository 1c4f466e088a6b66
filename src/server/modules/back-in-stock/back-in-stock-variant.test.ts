import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_IN_STOCK_MESSAGE } from '../../../shared/back-in-stock.ts';
import { WRONG_PRODUCT_SKU_MESSAGE } from '../../../shared/purchase.ts';
import { outbox, stockAlert } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { afterDirectWrite, createProduct, type TestProduct } from '../../testing/factories.ts';
import { changeStock } from '../stock/index.ts';

// Issue 34: a back-in-stock alert is for a variant: ?sku= names it (the product's default
// otherwise); a kit's alert is released when its parts come back.

const t = setUpAppWithAccounts();

const notify = (method: 'POST' | 'DELETE' | 'GET', productId: string, sku?: string) =>
  t.app.inject({
    method,
    url: `/api/products/${productId}/notify${sku === undefined ? '' : `?sku=${sku}`}`,
    headers: t.customer.headers,
  });

let drill: TestProduct;
let battery: TestProduct;
const ids: Record<string, string> = {};

async function addVariant(productId: string, sku: string, label: string, stock: number) {
  const { rows } = await t.database.db.execute<{ id: string }>(sql`
    INSERT INTO variant (product_id, sku, option_values, label, position, price_cents,
      min_quantity, available_quantity)
    VALUES (${productId}, ${sku}, ${JSON.stringify({ Kind: label })}::jsonb, ${label}, 1, 5000,
      1, ${stock}) RETURNING id`);
  return rows[0]!.id;
}

const alertVariants = async (productId: string) =>
  (
    await t.database.db
      .select({ variantId: stockAlert.variantId })
      .from(stockAlert)
      .where(eq(stockAlert.productId, productId))
  ).map((row) => row.variantId);

const mailsFor = async (variantId: string) =>
  (
    await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'back-in-stock'), sql`${outbox.payload}->>'variantId' = ${variantId}`),
      )
  ).length;

const give = (variantId: string, delta: number) =>
  t.database.db.transaction((tx) => changeStock(tx, [{ variantId, delta }], 'give'));

beforeAll(async () => {
  // The drill's default is in stock; its 18V variant is sold out; its kit holds a sold-out battery.
  drill = await createProduct(t.database.db, { availableQuantity: 9, minQuantity: 1 });
  battery = await createProduct(t.database.db, { availableQuantity: 0, minQuantity: 1 });
  ids.v18 = await addVariant(drill.id, 'BIS-18V', '18V', 0);
  ids.kit = await addVariant(drill.id, 'BIS-KIT', 'Kit', 0);
  await t.database.db.execute(sql`
    INSERT INTO variant_part (kit_id, part_id, part_sku, quantity)
    VALUES (${ids.kit}, ${battery.variantId}, ${battery.sku}, 2)`);
  await afterDirectWrite();
});

describe('back-in-stock alerts per variant', () => {
  it("subscribes the SKU's variant, and tells the product's default from it", async () => {
    const inStock = await notify('POST', drill.id);
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().message).toBe(NOTIFY_IN_STOCK_MESSAGE);

    expect((await notify('POST', drill.id, 'bis-18v')).json()).toEqual({ subscribed: true });
    expect(await alertVariants(drill.id)).toEqual([ids.v18]);
    expect((await notify('GET', drill.id, 'BIS-18V')).json()).toEqual({ subscribed: true });
    expect((await notify('GET', drill.id)).json()).toEqual({ subscribed: false });

    const wrong = await notify('POST', drill.id, battery.sku);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(WRONG_PRODUCT_SKU_MESSAGE);
    expect((await notify('POST', drill.id, 'NO-SUCH')).statusCode).toBe(404);

    // The default's restock mails nobody; the 18V's mails its subscriber.
    await give(drill.variantId, 5);
    expect(await mailsFor(ids.v18!)).toBe(0);
    await give(ids.v18!, 3);
    expect(await mailsFor(ids.v18!)).toBe(1);
    expect(await alertVariants(drill.id)).toEqual([]);

    expect((await notify('DELETE', drill.id, 'BIS-18V')).json()).toEqual({ subscribed: false });
  });

  it('subscribes a kit, released when its parts come back', async () => {
    expect((await notify('POST', drill.id, 'BIS-KIT')).json()).toEqual({ subscribed: true });
    expect((await notify('GET', drill.id, 'BIS-KIT')).json()).toEqual({ subscribed: true });
    // One battery is not enough for a kit of two.
    await give(battery.variantId, 1);
    expect(await mailsFor(ids.kit!)).toBe(0);
    await give(battery.variantId, 1);
    expect(await mailsFor(ids.kit!)).toBe(1);
    expect((await notify('GET', drill.id, 'BIS-KIT')).json()).toEqual({ subscribed: false });
  });

  it('unsubscribes only the variant named', async () => {
    await t.database.db.execute(
      sql`UPDATE variant SET available_quantity = 0 WHERE id = ${ids.v18}`,
    );
    await t.database.db.execute(
      sql`UPDATE variant SET available_quantity = 0 WHERE id = ${drill.variantId}`,
    );
    await afterDirectWrite();
    expect((await notify('POST', drill.id)).statusCode).toBe(200);
    expect((await notify('POST', drill.id, 'BIS-18V')).statusCode).toBe(200);
    expect((await notify('DELETE', drill.id, 'BIS-18V')).json()).toEqual({ subscribed: false });
    expect(await alertVariants(drill.id)).toEqual([drill.variantId]);
  });
});
