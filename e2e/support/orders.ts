import { desc, eq } from 'drizzle-orm';
import { connectDatabase } from '../../src/server/db/client.ts';
import { EMBEDDED_DATABASE } from '../../src/server/db/database.ts';
import { runningClusterUrl } from '../../src/server/db/embedded-cluster.ts';
import { purchase } from '../../src/server/db/schema.ts';
import { markCheckoutPaid } from '../../src/server/modules/purchases/purchases.service.ts';

/**
 * Marks a customer's newest order paid through the service layer (payments arrive with their own
 * issue; no public route can do this). Returns the transaction id.
 */
export async function markNewestOrderPaid(customerEmail: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  const url = dataDir && runningClusterUrl(dataDir, EMBEDDED_DATABASE);
  if (!url) throw new Error('The e2e shop is not running');
  const { db, pool } = connectDatabase(url, { max: 1 });
  try {
    const [order] = await db
      .select({ checkoutId: purchase.checkoutId, totalCents: purchase.totalCents })
      .from(purchase)
      .where(eq(purchase.customerEmail, customerEmail))
      .orderBy(desc(purchase.createdAt))
      .limit(1);
    if (!order) throw new Error(`No order for ${customerEmail}`);
    const transactionId = `pi_e2e_${Date.now().toString(36)}`;
    // The newest order is a checkout of one (a spec purchase): its total is the checkout's.
    const outcome = await markCheckoutPaid(db, order.checkoutId, {
      transactionId,
      amountCents: order.totalCents,
    });
    if (outcome !== 'paid') throw new Error(`The order could not be marked paid: ${outcome}`);
    return transactionId;
  } finally {
    await pool.end();
  }
}
