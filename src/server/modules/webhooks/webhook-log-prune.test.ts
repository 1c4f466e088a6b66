import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookDelivery, webhookEndpoint } from '../../db/schema.ts';
import { setUpTestApp } from '../../testing/test-app.ts';
import { pruneWebhookDeliveries } from './webhook-log-prune.ts';

// The webhook delivery log keeps WEBHOOK_LOG_DAYS: the job deletes older rows in batches, never a
// newer one.

const t = setUpTestApp();

async function endpointWithLog(ageDays: number[]) {
  const { db } = t.database;
  const [endpoint] = await db
    .insert(webhookEndpoint)
    .values({ url: 'https://erp.example.com/hook', secret: 'x'.repeat(32), events: ['order.paid'] })
    .returning({ id: webhookEndpoint.id });
  await db.insert(webhookDelivery).values(
    ageDays.map((days, attempt) => ({
      endpointId: endpoint!.id,
      event: 'order.paid',
      eventId: `evt-${attempt}`,
      attempt: attempt + 1,
      statusCode: 200,
      durationMs: 12,
      createdAt: sql`now() - ${days} * interval '1 day'`,
    })),
  );
  return endpoint!.id;
}

const ageOf = async (endpointId: string) =>
  (
    await t.database.db
      .select({ days: sql<number>`floor(extract(epoch from now() - created_at) / 86400)::int` })
      .from(webhookDelivery)
      .where(eq(webhookDelivery.endpointId, endpointId))
  )
    .map((row) => row.days)
    .sort((a, b) => a - b);

describe('pruneWebhookDeliveries', () => {
  it('deletes the rows older than the days kept, in batches, and keeps the rest', async () => {
    const endpointId = await endpointWithLog([45, 40, 31, 31, 31, 29, 3, 0]);
    const pruned = await pruneWebhookDeliveries(t.database.db, 30, { batchSize: 2 });
    expect(pruned).toBeGreaterThanOrEqual(5);
    expect(await ageOf(endpointId)).toEqual([0, 3, 29]);
    // Nothing more to do: a second run deletes nothing.
    expect(await pruneWebhookDeliveries(t.database.db, 30, { batchSize: 2 })).toBe(0);
  });

  it('stops between batches when the app closes', async () => {
    const endpointId = await endpointWithLog([50, 50, 50, 50, 50]);
    expect(
      await pruneWebhookDeliveries(t.database.db, 30, { batchSize: 2, stopping: () => true }),
    ).toBe(2);
    expect(await ageOf(endpointId)).toHaveLength(3);
    expect(await pruneWebhookDeliveries(t.database.db, 30, { batchSize: 2 })).toBe(3);
  });
});
