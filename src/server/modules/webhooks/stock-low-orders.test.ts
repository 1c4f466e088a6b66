import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { variant } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct } from '../../testing/factories.ts';
import { checkOutBasket, placeTestOrder, storeBasket } from '../../testing/orders.ts';
import { queueStockLowWebhooks, stockConsequenceHelpers } from '../../testing/stock-alerts.ts';
import { STOCK_LOW_THRESHOLD } from './webhooks.service.ts';

// stock.low (issue 26's event) also fires when a sale takes the stock to the threshold: queued by
// the order statement itself, once per crossing, with the catalogue's event id, and never when
// the stock stays above the threshold or was already under it.

const t = setUpAppWithAccounts({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

queueStockLowWebhooks(t);
const { stockLowJobs } = stockConsequenceHelpers(t);

describe('stock.low from the order path', () => {
  it('fires once when an order takes the stock from above the threshold to it', async () => {
    const { productId } = await placeTestOrder(t, t.customer, {
      product: { availableQuantity: STOCK_LOW_THRESHOLD + 2 },
      orderQuantity: 2,
    });
    const [job, ...more] = await stockLowJobs(productId);
    expect(more).toHaveLength(0);
    // The stock is the product's variant's (issue 34): its id and version name the event.
    const [row] = await t.database.db
      .select({ id: variant.id, sku: variant.sku, version: variant.version })
      .from(variant)
      .where(eq(variant.productId, productId));
    expect(job).toMatchObject({
      event: 'stock.low',
      eventId: `stock.low:${row!.id}:${row!.version}`,
      data: {
        productId,
        sku: row!.sku,
        availableQuantity: STOCK_LOW_THRESHOLD,
        version: row!.version,
      },
    });

    // Already at or under the threshold: the next sale announces nothing new.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: t.customer.headers,
      payload: { productId, orderQuantity: 1, address: '1 Low Lane' },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await stockLowJobs(productId)).toHaveLength(1);
  });

  it('does not fire while the stock stays above the threshold', async () => {
    const { productId } = await placeTestOrder(t, t.customer, {
      product: { availableQuantity: STOCK_LOW_THRESHOLD + 3 },
      orderQuantity: 2,
    });
    expect(await stockLowJobs(productId)).toHaveLength(0);
  });

  it('fires for each product a basket checkout takes to the threshold, and only those', async () => {
    const low = await createProduct(t.database.db, { availableQuantity: 15 });
    const plenty = await createProduct(t.database.db, { availableQuantity: 100 });
    await storeBasket(t, t.other, [
      [low, 6],
      [plenty, 6],
    ]);
    await checkOutBasket(t, t.other);
    expect(await stockLowJobs(low.id)).toHaveLength(1);
    expect(await stockLowJobs(plenty.id)).toHaveLength(0);
  });

  it('does not fire for an order that is refused', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 12 });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: t.customer.headers,
      payload: { productId: item.id, orderQuantity: 13, address: '1 Low Lane' },
    });
    expect(refused.statusCode).toBe(409);
    expect(await stockLowJobs(item.id)).toHaveLength(0);
  });
});
