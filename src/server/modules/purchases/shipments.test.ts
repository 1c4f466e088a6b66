import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutSchema } from '../../../shared/checkout.ts';
import {
  PurchaseDetailSchema,
  PurchaseSchema,
  ShipmentResultSchema,
  type Purchase,
} from '../../../shared/purchase.ts';
import {
  CARRIER_REQUIRED_MESSAGE,
  SHIPMENT_ONE_CHECKOUT_MESSAGE,
  TRACKING_NUMBER_MESSAGE,
  TRACKING_NUMBER_REQUIRED_MESSAGE,
} from '../../../shared/shipment.ts';
import { auditLog, purchase, shipment, shipmentOrder } from '../../db/schema.ts';
import { readOutbox, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct } from '../../testing/factories.ts';
import type { MailFile } from '../../testing/mail-files.ts';
import {
  checkOutBasket,
  markOrderPaid,
  placeTestOrder,
  storeBasket,
} from '../../testing/orders.ts';

// Shipping with a carrier and tracking number, in one parcel or several (issue 35, ADR 051).

const t = setUpAppWithAccounts({ customerName: 'Paula Parcel' });

const shipOne = (id: string, payload?: object, who: SignedIn = t.admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/purchase/${id}`,
    headers: who.headers,
    ...(payload && { payload }),
  });
const shipMany = (payload: object, who: SignedIn = t.admin) =>
  t.app.inject({ method: 'POST', url: '/api/shipments', headers: who.headers, payload });
const readOrder = (id: string, who: SignedIn = t.customer) =>
  t.app.inject({ url: `/api/purchase/${id}`, headers: who.headers });

/** A paid order of its own checkout. */
async function paidAlone(name = 'Rotary Hammer'): Promise<Purchase> {
  const { order } = await placeTestOrder(t, t.customer, {
    product: { name, priceCents: 12_000 },
    address: '4 Parcel Lane',
  });
  expect(await markOrderPaid(t.database.db, order._id, `pi_parcel_${order._id}`)).toBe(true);
  return order;
}

/** A paid checkout of three orders (products named after `prefix`). */
async function paidCheckout(prefix: string): Promise<Purchase[]> {
  const items = await Promise.all(
    ['Saw', 'Sander', 'Router'].map((kind) =>
      createProduct(t.database.db, { name: `${prefix} ${kind}`, priceCents: 5_000 }),
    ),
  );
  await storeBasket(
    t,
    t.customer,
    items.map((item) => [item, item.minQuantity]),
  );
  const placed = await checkOutBasket(t, t.customer, { address: '4 Parcel Lane' });
  const [first] = placed.orders;
  expect(await markOrderPaid(t.database.db, first!._id, `pi_checkout_${placed.checkoutId}`)).toBe(
    true,
  );
  return [...placed.orders].sort((a, b) => a.product.localeCompare(b.product));
}

async function mailTo(subject: string): Promise<MailFile> {
  return vi.waitFor(
    () => {
      const mail = readOutbox(t, t.customer.email).find((m) => m.subject === subject);
      if (!mail) throw new Error(`no mail "${subject}" yet`);
      return mail;
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe('PUT /api/purchase/{id} with a carrier and tracking number', () => {
  it('ships the order in a parcel the customer can follow: answer, My Orders, detail and mail', async () => {
    const order = await paidAlone('Tracked Hammer');
    const res = await shipOne(order._id, {
      stat: 'shipped',
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(res.statusCode, res.body).toBe(200);
    const shipped = PurchaseSchema.parse(res.json());
    const expected = {
      carrier: 'ups',
      carrierName: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    };
    expect(shipped).toMatchObject({ stat: 'shipped', shipment: expected });

    // The customer sees it in My Orders and on the order.
    const mine = (
      await t.app.inject({
        url: `/api/purchase?customerEmail=${encodeURIComponent(t.customer.email)}`,
        headers: t.customer.headers,
      })
    ).json() as Purchase[];
    expect(mine.find((o) => o._id === order._id)?.shipment).toMatchObject(expected);
    const detail = PurchaseDetailSchema.parse((await readOrder(order._id)).json());
    expect(detail.shipment).toMatchObject(expected);
    expect(detail.timeline.map((e) => e.event)).toEqual(['placed', 'paid', 'shipped']);

    // The mail links to the carrier's tracking page.
    const mail = await mailTo('Your order has shipped: Tracked Hammer');
    expect(mail.text).toContain('It travels with UPS, tracking number 1Z999AA10123456784.');
    expect(mail.text).toContain(
      'Track parcel: https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(mail.text).toContain('Carrier: UPS');

    // The audit records the parcel with the order.
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, order._id));
    expect(audit?.after).toMatchObject({ stat: 'shipped', shipment: expected });
    expect(audit?.before).toMatchObject({ stat: 'pending', shipment: null });
  });

  it("hides another customer's order and its parcel (404)", async () => {
    const order = await paidAlone('Private Hammer');
    expect((await shipOne(order._id, { carrier: 'dpd', trackingNumber: 'DPD-1' })).statusCode).toBe(
      200,
    );
    const res = await readOrder(order._id, t.other);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('DPD-1');
  });

  it('keeps the spec body valid: a parcel without tracking, mailed without a link', async () => {
    const order = await paidAlone('Untracked Hammer');
    const res = await shipOne(order._id, { stat: 'shipped' });
    expect(res.statusCode, res.body).toBe(200);
    expect(PurchaseSchema.parse(res.json()).shipment).toMatchObject({
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    const mail = await mailTo('Your order has shipped: Untracked Hammer');
    expect(mail.text).not.toContain('Track parcel');
    expect(mail.text).not.toContain('tracking number');
  });

  it('"Other" shows the number without a tracking page', async () => {
    const order = await paidAlone('Local Hammer');
    const res = await shipOne(order._id, { carrier: 'other', trackingNumber: 'COURIER-77' });
    expect(PurchaseSchema.parse(res.json()).shipment).toMatchObject({
      carrier: 'other',
      carrierName: 'Other',
      trackingNumber: 'COURIER-77',
      trackingUrl: null,
    });
    const mail = await mailTo('Your order has shipped: Local Hammer');
    expect(mail.text).toContain('tracking number COURIER-77');
    expect(mail.text).not.toContain('Track parcel');
  });

  it.each([
    [{ carrier: 'pigeon', trackingNumber: 'A1' }, 'carrier', CARRIER_REQUIRED_MESSAGE],
    [{ carrier: 'ups', trackingNumber: '1Z 999' }, 'trackingNumber', TRACKING_NUMBER_MESSAGE],
    [{ carrier: 'ups', trackingNumber: 'A'.repeat(41) }, 'trackingNumber', TRACKING_NUMBER_MESSAGE],
    [{ carrier: 'ups', trackingNumber: '1Z/../x' }, 'trackingNumber', TRACKING_NUMBER_MESSAGE],
    [{ carrier: 'ups', trackingNumber: '' }, 'trackingNumber', TRACKING_NUMBER_REQUIRED_MESSAGE],
    [{ carrier: 'ups' }, 'trackingNumber', TRACKING_NUMBER_REQUIRED_MESSAGE],
    [{ trackingNumber: '1Z999' }, 'carrier', CARRIER_REQUIRED_MESSAGE],
  ])('refuses %j with 400 and ships nothing', async (body, field, message) => {
    const order = await paidAlone('Refused Hammer');
    const res = await shipOne(order._id, { stat: 'shipped', ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields?.[field]).toBe(message);
    const [row] = await t.database.db
      .select({ status: purchase.status })
      .from(purchase)
      .where(eq(purchase.id, order._id));
    expect(row?.status).toBe('pending');
  });
});

describe('POST /api/shipments: a checkout in several parcels', () => {
  it('ships two orders in one parcel and the third in another, one mail per parcel', async () => {
    const [router, sander, saw] = await paidCheckout('Parcel');
    const first = await shipMany({
      orderIds: [router!._id, saw!._id],
      carrier: 'dhl-express',
      trackingNumber: 'JD014600006281230704',
    });
    expect(first.statusCode, first.body).toBe(201);
    const parcel = ShipmentResultSchema.parse(first.json());
    expect(parcel.shipment).toMatchObject({
      checkoutId: router!.checkoutId,
      carrier: 'dhl-express',
      carrierName: 'DHL Express',
      trackingNumber: 'JD014600006281230704',
      trackingUrl:
        'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600006281230704',
    });
    expect(parcel.orders.map((o) => [o._id, o.stat, o.shipment?.id])).toEqual(
      [router!, saw!].map((o) => [o._id, 'shipped', parcel.shipment.id]),
    );

    // The sander waits for the second parcel.
    const checkoutRes = await t.app.inject({
      url: `/api/checkouts/${router!.checkoutId}`,
      headers: t.customer.headers,
    });
    const halfway = CheckoutSchema.parse(checkoutRes.json());
    expect(halfway.orders.find((o) => o._id === sander!._id)).toMatchObject({
      stat: 'pending',
      shipment: null,
    });

    const second = await shipOne(sander!._id, {
      carrier: 'fedex',
      trackingNumber: '449044304137821',
    });
    expect(second.statusCode, second.body).toBe(200);
    const done = CheckoutSchema.parse(
      (
        await t.app.inject({
          url: `/api/checkouts/${router!.checkoutId}`,
          headers: t.customer.headers,
        })
      ).json(),
    );
    const parcels = new Map(done.orders.map((o) => [o.product, o.shipment]));
    expect(parcels.get('Parcel Router')?.id).toBe(parcel.shipment.id);
    expect(parcels.get('Parcel Saw')?.id).toBe(parcel.shipment.id);
    expect(parcels.get('Parcel Sander')).toMatchObject({
      carrier: 'fedex',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=449044304137821',
    });
    expect(parcels.get('Parcel Sander')?.id).not.toBe(parcel.shipment.id);
    const stored = await t.database.db
      .select()
      .from(shipment)
      .where(eq(shipment.checkoutId, router!.checkoutId));
    expect(stored).toHaveLength(2);

    // One mail for the parcel of two (named by the checkout), one for the sander's.
    const reference = router!.checkoutReference;
    const both = await mailTo(`Your order has shipped: ${reference} (2 items)`);
    expect(both.text).toContain('Product: Parcel Router');
    expect(both.text).toContain('Product: Parcel Saw');
    expect(both.text).not.toContain('Parcel Sander');
    expect(both.text).toContain(`Track parcel: ${parcel.shipment.trackingUrl}`);
    const alone = await mailTo('Your order has shipped: Parcel Sander');
    expect(alone.text).toContain(
      'Track parcel: https://www.fedex.com/fedextrack/?trknbr=449044304137821',
    );
    const shippedMails = readOutbox(t, t.customer.email).filter(
      (m) => m.subject.startsWith('Your order has shipped') && m.text.includes(reference),
    );
    expect(shippedMails).toHaveLength(2);
  });

  it('ships all or nothing: an unpaid, shipped or unknown order refuses the whole parcel', async () => {
    const [router, sander, saw] = await paidCheckout('Atomic');
    expect((await shipOne(saw!._id, { carrier: 'usps', trackingNumber: '9400' })).statusCode).toBe(
      200,
    );
    const again = await shipMany({
      orderIds: [router!._id, saw!._id],
      carrier: 'usps',
      trackingNumber: '9401',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already shipped');
    const unknown = await shipMany({
      orderIds: [router!._id, '00000000-0000-4000-8000-000000000000'],
      carrier: 'usps',
      trackingNumber: '9402',
    });
    expect(unknown.statusCode).toBe(404);
    const rows = await t.database.db
      .select({ id: purchase.id, status: purchase.status })
      .from(purchase)
      .where(inArray(purchase.id, [router!._id, sander!._id]));
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    const parcels = await t.database.db
      .select()
      .from(shipmentOrder)
      .where(inArray(shipmentOrder.purchaseId, [router!._id, sander!._id]));
    expect(parcels).toEqual([]);

    const { order: unpaid } = await placeTestOrder(t, t.customer);
    const refused = await shipMany({ orderIds: [unpaid._id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only paid orders can be shipped');
  });

  it('refuses orders of two checkouts, no orders, and bad ids with 400', async () => {
    const one = await paidAlone('First Checkout Drill');
    const two = await paidAlone('Second Checkout Drill');
    const mixed = await shipMany({
      orderIds: [one._id, two._id],
      carrier: 'royal-mail',
      trackingNumber: 'AB123456789GB',
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fields).toEqual({ orderIds: SHIPMENT_ONE_CHECKOUT_MESSAGE });
    for (const orderIds of [[], ['not-a-uuid'], 'x'])
      expect((await shipMany({ orderIds })).statusCode, JSON.stringify(orderIds)).toBe(400);
    const rows = await t.database.db
      .select({ status: purchase.status })
      .from(purchase)
      .where(inArray(purchase.id, [one._id, two._id]));
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
  });

  it('is for staff who fulfil orders', async () => {
    const order = await paidAlone('Staff Only Drill');
    const res = await shipMany({ orderIds: [order._id] }, t.customer);
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/shipments', payload: { orderIds: [] } }))
        .statusCode,
    ).toBe(401);
  });
});
