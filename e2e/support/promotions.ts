import { connectDatabase } from '../../src/server/db/client.ts';
import { EMBEDDED_DATABASE } from '../../src/server/db/database.ts';
import { runningClusterUrl } from '../../src/server/db/embedded-cluster.ts';

// Issue 36: a promotion for the journeys, written straight into the running shop's database (as
// orders.ts marks payments and variants.ts makes variants): the staff Promotions API is being built
// beside these journeys. A promotion is a pricing table: inserting one bumps the pricing version.
// LEAD: once POST /api/admin/promotions is on main, this can create it through the API as staff.

function databaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  const url = dataDir && runningClusterUrl(dataDir, EMBEDDED_DATABASE);
  if (!url) throw new Error('The e2e shop is not running');
  return url;
}

/** A code promotion: `percent` off everything with the shared `code`, active now, no limits. */
export async function createCodePromotion({
  name,
  code,
  percent,
}: {
  name: string;
  code: string;
  percent: number;
}): Promise<string> {
  const { pool } = connectDatabase(databaseUrl(), { max: 1 });
  try {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO promotion (name, kind, percent_ppm, target_kind, code_mode)
         VALUES ($1, 'percent_off', $2, 'all', 'code') RETURNING id`,
        [name, Math.round(percent * 10_000)],
      );
      const id = rows[0]!.id;
      await client.query('INSERT INTO promotion_code (promotion_id, code) VALUES ($1, $2)', [
        id,
        code,
      ]);
      await client.query('COMMIT');
      return id;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/**
 * What a customer's newest checkout was placed with and charged: its discount, and the amount of
 * its succeeded payment (null: none yet), in cents.
 */
export async function newestCheckoutCharged(
  customerEmail: string,
): Promise<{ discountCents: number; paidCents: number | null }> {
  const { pool } = connectDatabase(databaseUrl(), { max: 1 });
  try {
    const { rows } = await pool.query<{ discount_cents: number; paid_cents: number | null }>(
      `SELECT checkout.discount_cents,
              (SELECT sum(amount_cents)::int FROM payment_intent
                WHERE checkout_id = checkout.id AND status = 'succeeded') AS paid_cents
         FROM checkout
        WHERE checkout.id = (SELECT checkout_id FROM purchase WHERE customer_email = $1
                              ORDER BY created_at DESC LIMIT 1)`,
      [customerEmail],
    );
    const [row] = rows;
    if (!row) throw new Error(`No checkout for ${customerEmail}`);
    return { discountCents: row.discount_cents, paidCents: row.paid_cents };
  } finally {
    await pool.end();
  }
}
