import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CheckoutPlacedSchema, type CheckoutPlaced } from '../../shared/checkout.ts';
import { outbox } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';
import type { TestMember } from './companies.ts';
import { createProduct } from './factories.ts';
import { storeBasket, tryCheckOut } from './orders.ts';

/**
 * What the invoices' tests share: a checkout on account placed through the API (as
 * purchases/on-account.test.ts does), and the outbox rows it queued.
 */

export async function checkOutOnAccount(
  t: TestApp,
  buyer: TestMember,
  {
    priceCents = 10_000,
    quantity = 1,
    poReference,
  }: {
    priceCents?: number;
    quantity?: number;
    poReference?: string;
  } = {},
): Promise<CheckoutPlaced & { invoice: { id: string; number: string } }> {
  const item = await createProduct(t.database.db, { priceCents, availableQuantity: 1000 });
  await storeBasket(t, buyer, [[item, quantity]]);
  const res = await tryCheckOut(t, buyer, {
    address: '1 Trade Street',
    paymentMethod: 'account',
    ...(poReference ? { poReference } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const placed = CheckoutPlacedSchema.parse(res.json());
  expect(placed.invoice, 'invoiced at once').not.toBeNull();
  return placed as CheckoutPlaced & { invoice: { id: string; number: string } };
}

/** The outbox rows of `kind` whose dedupe key contains `keyPart`. */
export async function outboxRows(t: TestApp, kind: string, keyPart: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(sql`${outbox.kind} = ${kind} AND position(${keyPart} in ${outbox.dedupeKey}) > 0`);
}

/** An endpoint subscribed to the invoice events (its deliveries fail: nothing listens). */
export async function invoiceWebhookEndpoint(t: TestApp): Promise<string> {
  const result = await t.database.db.execute<{ id: string }>(sql`INSERT INTO webhook_endpoint
      (url, events, secret) VALUES ('http://127.0.0.1:9/hook',
      ARRAY['invoice.issued', 'invoice.paid', 'invoice.overdue'], 'whsec_test')
    RETURNING id`);
  return result.rows[0]!.id;
}
