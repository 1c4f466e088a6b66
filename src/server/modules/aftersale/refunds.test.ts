import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MyAftersaleSchema, RefundSchema } from '../../../shared/aftersale.ts';
import { PurchaseDetailSchema } from '../../../shared/purchase.ts';
import { orderAftersale, outbox, refund } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { mailTo, paidOrder } from '../../testing/aftersale.ts';

// Refunds through the built-in test processor: bounds, parallel refunds, who may, and every
// place a refund shows (timeline, mail, My Orders, credit note, export, overview).

const t = setUpAppWithAccounts({ customerName: 'Rita Refund' });

const refundOf = (id: string, payload: object, who = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchase/${id}/refunds`,
    headers: who.headers,
    payload,
  });

describe('POST /api/purchase/{id}/refunds', () => {
  it('refunds part of a paid order: timeline, mail, My Orders and a credit note', async () => {
    const { order } = await paidOrder(t, t.customer, { name: 'Rotary Hammer', quantity: 2 });
    const res = await refundOf(order._id, { amount: 25.5, reason: 'Scratched case' });
    expect(res.statusCode, res.body).toBe(201);
    const made = RefundSchema.parse(res.json());
    expect(made).toMatchObject({ amount: 25.5, reason: 'Scratched case', purchaseId: order._id });

    const detail = PurchaseDetailSchema.parse(
      (
        await t.app.inject({ url: `/api/purchase/${order._id}`, headers: t.customer.headers })
      ).json(),
    );
    expect(detail.timeline.map((e) => [e.event, e.actor])).toContainEqual(['refunded', 'admin']);
    const mail = await mailTo(t, t.customer.email, 'Refund of $25.50');
    expect(mail.text).toContain('Reason: Scratched case');

    const mine = MyAftersaleSchema.parse(
      (await t.app.inject({ url: '/api/aftersale/mine', headers: t.customer.headers })).json(),
    );
    expect(mine[order._id]?.refunded).toBe(25.5);

    const pdf = await t.app.inject({
      url: `/api/refunds/${made._id}/credit-note`,
      headers: t.customer.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Someone else's credit note is not found.
    const foreign = await t.app.inject({
      url: `/api/refunds/${made._id}/credit-note`,
      headers: t.other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('allows at most what was paid minus what was refunded', async () => {
    const { order } = await paidOrder(t, t.customer, { quantity: 1, priceCents: 5_000 });
    expect((await refundOf(order._id, { amount: 30, reason: 'Part' })).statusCode).toBe(201);
    const over = await refundOf(order._id, { amount: 20.01, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: expect.stringContaining('at most $20.00') });
    expect((await refundOf(order._id, { amount: 20, reason: 'Rest' })).statusCode).toBe(201);
    expect((await refundOf(order._id, { amount: 0.01, reason: 'More' })).statusCode).toBe(409);
  });

  it('parallel refunds never pass the amount paid', async () => {
    const { order } = await paidOrder(t, t.customer, { quantity: 1, priceCents: 10_000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => refundOf(order._id, { amount: 30, reason: 'Race' })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const [row] = await t.database.db
      .select()
      .from(orderAftersale)
      .where(eq(orderAftersale.purchaseId, order._id));
    expect(row).toMatchObject({ refundedCents: 9_000, refundReservedCents: 9_000 });
  });

  it('refuses bad amounts and reasons with 400, unpaid orders with 409, unknown ones with 404', async () => {
    const { order } = await paidOrder(t, t.customer, { quantity: 1 });
    for (const payload of [
      { amount: 0, reason: 'x' },
      { amount: -5, reason: 'x' },
      { amount: 1.005, reason: 'x' },
      { amount: 'ten', reason: 'x' },
      { amount: 5, reason: '' },
      { amount: 5, reason: 'line\nbreak' },
    ])
      expect((await refundOf(order._id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const unpaid = await placeTestOrder(t, t.customer);
    expect((await refundOf(unpaid.order._id, { amount: 1, reason: 'x' })).statusCode).toBe(409);
    expect(
      (await refundOf('00000000-0000-4000-8000-000000000000', { amount: 1, reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await refundOf('nope', { amount: 1, reason: 'x' })).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const { order } = await paidOrder(t, t.customer, { quantity: 1 });
    expect((await refundOf(order._id, { amount: 1, reason: 'x' }, t.customer)).statusCode).toBe(
      403,
    );
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/purchase/${order._id}/refunds`,
      payload: { amount: 1, reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const none = await t.database.db.select().from(refund).where(eq(refund.purchaseId, order._id));
    expect(none).toHaveLength(0);
  });

  it('queues one refund mail per refund', async () => {
    const { order } = await paidOrder(t, t.customer, { quantity: 1 });
    await refundOf(order._id, { amount: 1, reason: 'One' });
    await refundOf(order._id, { amount: 2, reason: 'Two' });
    const jobs = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'aftersale-mail'));
    const mine = jobs.filter((job) => (job.payload as { template: string }).template === 'refund');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(new Set(mine.map((job) => job.dedupeKey)).size).toBe(mine.length);
  });

  it('shows in the CSV export and nets the sales overview', async () => {
    const { order } = await paidOrder(t, t.customer, { quantity: 1, priceCents: 7_000 });
    const before = (
      await t.app.inject({ url: '/api/admin/overview?days=7&tz=UTC', headers: t.admin.headers })
    ).json() as { revenue: number };
    await refundOf(order._id, { amount: 12.34, reason: 'Net' });
    const after = (
      await t.app.inject({ url: '/api/admin/overview?days=7&tz=UTC', headers: t.admin.headers })
    ).json() as { revenue: number };
    expect(Math.round((before.revenue - after.revenue) * 100)).toBe(1234);
    const csv = await t.app.inject({ url: '/api/purchase1.csv', headers: t.admin.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = csv.body.trim().split(/\r?\n/);
    expect(header).toContain('Refunded');
    expect(rows.find((row) => row.includes(order._id))).toContain('12.34');
  });
});
