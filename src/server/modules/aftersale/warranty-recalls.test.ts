import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MyAftersaleSchema,
  RecallSchema,
  WarrantySchema,
  type Recall,
} from '../../../shared/aftersale.ts';
import { outbox, product, purchase, variant } from '../../db/schema.ts';
import { signUp } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct, stockOf } from '../../testing/factories.ts';
import { mailTo, paidOrder, payWithTestCard } from '../../testing/aftersale.ts';
import { placeTestOrder } from '../../testing/orders.ts';

// Warranty serials (one per unit, unique, dates from the server) and recalls (exactly the
// matching buyers, each mailed once; acknowledged from My Orders).

const t = setUpAppWithAccounts({ customerName: 'Walt Warranty', env: { WARRANTY_YEARS: '2' } });

const register = (id: string, serial: unknown, who = t.customer, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchase/${id}/serials`,
    headers: who.headers,
    payload: { serial, ...extra },
  });

describe('warranty serials', () => {
  it('registers one serial per unit of a shipped order; dates come from the paid date', async () => {
    const { order } = await paidOrder(t, t.customer, { admin: t.admin, ship: true, quantity: 2 });
    // Paid long ago, as far as the server knows.
    await t.database.db
      .update(purchase)
      .set({ paidAt: sql`'2025-03-04T10:00:00Z'::timestamptz` })
      .where(eq(purchase.id, order._id));
    const first = await register(order._id, 'th-100-aaa1', t.customer, {
      startsAt: '2030-01-01',
      endsAt: '2099-01-01',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(WarrantySchema.parse(first.json())).toMatchObject({
      serial: 'TH-100-AAA1',
      startsAt: '2025-03-04T10:00:00.000Z',
      endsAt: '2027-03-04T10:00:00.000Z',
    });
    expect((await register(order._id, 'TH-100-AAA1')).statusCode).toBe(409);
    expect((await register(order._id, 'TH-100-AAA2')).statusCode).toBe(201);
    const third = await register(order._id, 'TH-100-AAA3');
    expect(third.statusCode).toBe(409);
    const mine = MyAftersaleSchema.parse(
      (await t.app.inject({ url: '/api/aftersale/mine', headers: t.customer.headers })).json(),
    );
    expect(mine[order._id]).toMatchObject({ unregistered: 0 });
    expect(mine[order._id]?.serials.map((s) => s.endsAt)).toEqual([
      '2027-03-04T10:00:00.000Z',
      '2027-03-04T10:00:00.000Z',
    ]);
  });

  it('is unique across the shop and bounded in format; only the order customer, only when shipped', async () => {
    const { order } = await paidOrder(t, t.customer, { admin: t.admin, ship: true, quantity: 1 });
    const { order: theirs } = await paidOrder(t, t.other, {
      admin: t.admin,
      ship: true,
      quantity: 1,
    });
    expect((await register(theirs._id, 'UNIQUE-777')).statusCode).toBe(404);
    expect((await register(theirs._id, 'UNIQUE-777', t.other)).statusCode).toBe(201);
    const taken = await register(order._id, 'unique-777');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'This serial number is already registered.' });
    for (const bad of ['', 'abc', '-ABCDEF', 'A'.repeat(33), 'AB CD EF', 'ABC/DEF', 42])
      expect((await register(order._id, bad)).statusCode, String(bad)).toBe(400);
    const { order: unshipped } = await paidOrder(t, t.customer, { quantity: 1 });
    expect((await register(unshipped._id, 'NOTSHIPPED-1')).statusCode).toBe(409);
  });

  it('admins look a serial up: order, customer, warranty end', async () => {
    const { order } = await paidOrder(t, t.customer, { admin: t.admin, ship: true, quantity: 1 });
    await register(order._id, 'LOOKUP-0001');
    const found = await t.app.inject({
      url: '/api/warranty/lookup-0001',
      headers: t.admin.headers,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(WarrantySchema.parse(found.json())).toMatchObject({
      purchaseId: order._id,
      customerEmail: t.customer.email,
    });
    expect(
      (await t.app.inject({ url: '/api/warranty/LOOKUP-0001', headers: t.customer.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/warranty/NOPE-00000', headers: t.admin.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('recalls', () => {
  it('mails exactly the buyers with a matching paid order, once each; they acknowledge in My Orders', async () => {
    const item = await createProduct(t.database.db, { name: 'Angle Grinder' });
    const buyer = await signUp(t.app, { name: 'Bea Buyer' });
    const twice = await signUp(t.app, { name: 'Tom Twice' });
    const unpaidBuyer = await signUp(t.app, { name: 'Una Unpaid' });
    const cancelledBuyer = await signUp(t.app, { name: 'Cal Cancelled' });
    const order = async (who: typeof buyer, pay: boolean) => {
      const placed = await placeTestOrder(t, who, { orderQuantity: 1 });
      // placeTestOrder makes a product; re-point the order to the recalled one.
      await t.database.db
        .update(purchase)
        .set({ productId: item.id })
        .where(eq(purchase.id, placed.order._id));
      if (pay) await payWithTestCard(t, who, placed.order);
      return placed.order;
    };
    const bought = await order(buyer, true);
    await order(twice, true);
    await order(twice, true);
    await order(unpaidBuyer, false);
    const toCancel = await order(cancelledBuyer, false);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${toCancel._id}`,
      headers: cancelledBuyer.headers,
    });
    const stock = (await stockOf(t.database.db, item.id))!.available;
    const today = new Date().toISOString().slice(0, 10);
    const body = {
      productId: item.id,
      paidFrom: '2020-01-01',
      paidTo: today,
      title: 'Guard may detach',
      hazard: 'The wheel guard can come loose.',
      remedy: 'Stop using it and contact us for a free repair.',
      withdraw: true,
    };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/recalls',
          headers: buyer.headers,
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recalls',
      headers: t.admin.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const recall = RecallSchema.parse(res.json());
    expect(recall).toMatchObject({ notified: 2, acknowledged: 0, withdrawn: true, paidTo: today });
    // Withdrawn from sale (issue 39): the product says so; its stock is still counted.
    const [withdrawn] = await t.database.db
      .select({ withdrawn: variant.withdrawn })
      .from(variant)
      .where(eq(variant.productId, item.id));
    expect(withdrawn?.withdrawn).toBe(true);
    expect((await stockOf(t.database.db, item.id))!.available).toBe(stock);

    const jobs = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.dedupeKey} LIKE ${`recall:${recall._id}:%`}`);
    expect(jobs).toHaveLength(2);
    const mail = await mailTo(t, buyer.email, 'Safety recall: Guard may detach');
    expect(mail.text).toContain('The wheel guard can come loose.');
    await mailTo(t, twice.email, 'Safety recall: Guard may detach');

    const mine = MyAftersaleSchema.parse(
      (await t.app.inject({ url: '/api/aftersale/mine', headers: buyer.headers })).json(),
    );
    expect(mine[bought._id]?.recalls).toEqual([
      expect.objectContaining({ _id: recall._id, acknowledged: false }),
    ]);
    const ack = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/recalls/${recall._id}/acknowledge`,
        headers: buyer.headers,
      });
    expect((await ack()).statusCode).toBe(200);
    expect((await ack()).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/recalls/${recall._id}/acknowledge`,
          headers: unpaidBuyer.headers,
        })
      ).statusCode,
    ).toBe(404);
    const list = (
      await t.app.inject({ url: '/api/recalls', headers: t.admin.headers })
    ).json() as Recall[];
    expect(list.find((r) => r._id === recall._id)).toMatchObject({ notified: 2, acknowledged: 1 });
  });

  it('with a serial range, only buyers with a registered serial in it', async () => {
    const inRange = await paidOrder(t, t.customer, {
      admin: t.admin,
      ship: true,
      quantity: 1,
      name: 'Planer',
    });
    const outOfRange = await paidOrder(t, t.other, { admin: t.admin, ship: true, quantity: 1 });
    await t.database.db
      .update(purchase)
      .set({ productId: inRange.productId })
      .where(eq(purchase.id, outOfRange.order._id));
    await register(inRange.order._id, 'PL-0005');
    await register(outOfRange.order._id, 'PL-0500', t.other);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recalls',
      headers: t.admin.headers,
      payload: {
        productId: inRange.productId,
        paidFrom: '2020-01-01',
        paidTo: new Date().toISOString().slice(0, 10),
        serialFrom: 'PL-0001',
        serialTo: 'PL-0099',
        title: 'Blade bolt',
        hazard: 'Bolt can loosen.',
        remedy: 'Tighten it.',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(RecallSchema.parse(res.json()).notified).toBe(1);
  });

  it('refuses bad input with 400', async () => {
    const item = await createProduct(t.database.db);
    const base = {
      productId: item.id,
      paidFrom: '2026-01-01',
      paidTo: '2026-02-01',
      title: 'T',
      hazard: 'H',
      remedy: 'R',
    };
    for (const payload of [
      { ...base, paidTo: '2025-12-31' },
      { ...base, paidFrom: 'yesterday' },
      { ...base, title: '' },
      { ...base, serialFrom: 'no good' },
      { ...base, productId: 'nope' },
    ])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/recalls',
            headers: t.admin.headers,
            payload,
          })
        ).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
  });
});
