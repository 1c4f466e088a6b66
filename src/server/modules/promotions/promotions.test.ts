import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CODE_TAKEN_MESSAGE,
  PROMOTION_ENDED_MESSAGE,
  type PromotionBody,
} from '../../../shared/promotions.ts';
import {
  AdminPromotionSchema,
  CodeBatchListSchema,
  CodeBatchSchema,
  CODES_NEED_CODE_MODE_MESSAGE,
  PromotionListSchema,
  type AdminPromotion,
} from '../../../shared/promotions-admin.ts';
import {
  auditLog,
  category,
  pricingSettings,
  promotion,
  promotionCode,
  promotionUse,
  purchase,
} from '../../db/schema.ts';
import type { SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import {
  afterDirectWrite,
  createCheckout,
  createProduct,
  userIdOf,
} from '../../testing/factories.ts';
import { checkOutBasket, placeTestOrder, storeBasket } from '../../testing/orders.ts';
import { signUpWithRole } from '../../testing/staff.ts';
import { parseCsv } from '../csv/index.ts';
import { createCodeBatch } from './code-batches.service.ts';

// Staff's promotions (issue 36): definitions stored as the pricing step reads them (cents, ppm),
// their validation, shared codes unique whatever their case, pause/resume/end, batches of
// single-use codes and their CSV, usage, the audit log and who may call — real app, PostgreSQL.

const t = setUpAppWithAccounts();

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  who: SignedIn | null = t.admin,
) => t.app.inject({ method, url: `/api/admin${url}`, payload, headers: who?.headers });

const unique = () => randomUUID().slice(0, 8).toUpperCase();

async function create(body: PromotionBody): Promise<AdminPromotion> {
  const res = await call('POST', '/promotions', body);
  expect(res.statusCode, res.body).toBe(201);
  return AdminPromotionSchema.parse(res.json());
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(promotion).where(eq(promotion.id, id)))[0]!;

const version = async () =>
  (await t.database.db.select({ v: pricingSettings.version }).from(pricingSettings))[0]!.v;

const auditActions = async (id: string) =>
  (
    await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(asc(auditLog.id))
  ).map((row) => row.action);

async function newCategory() {
  const name = `Saws ${unique()}`;
  const [row] = await t.database.db
    .insert(category)
    .values({ name, slug: name.toLowerCase().replace(/\s+/g, '-') })
    .returning({ id: category.id });
  return row!.id;
}

describe('creating promotions of every kind', () => {
  it('percent off a category, with a shared code: stored in ppm, answered in percent', async () => {
    const categoryId = await newCategory();
    const before = await version();
    const code = `saws${unique()}`;
    const made = await create({
      name: '15% off saws',
      kind: 'percent_off',
      percentOff: 12.5,
      target: { kind: 'categories', ids: [categoryId] },
      minQuantity: 2,
      startsAt: '2026-12-01T08:00:00-05:00',
      endsAt: '2026-12-08T08:00:00-05:00',
      usageLimit: 100,
      perCustomerLimit: 1,
      priority: 5,
      codeMode: 'code',
      code,
    });
    expect(made).toMatchObject({
      name: '15% off saws',
      kind: 'percent_off',
      percentOff: 12.5,
      amountOff: null,
      target: { kind: 'categories', ids: [categoryId] },
      buy: null,
      minQuantity: 2,
      startsAt: '2026-12-01T13:00:00.000Z',
      endsAt: '2026-12-08T13:00:00.000Z',
      usageLimit: 100,
      perCustomerLimit: 1,
      priority: 5,
      codeMode: 'code',
      code,
      status: 'active',
      uses: 0,
      revenue: 0,
      discountGiven: 0,
    });
    const row = await rowOf(made.id);
    expect(row).toMatchObject({
      percentPpm: 125_000,
      amountCents: null,
      targetKind: 'categories',
      targetIds: [categoryId],
      minQuantity: 2,
    });
    const codes = await t.database.db
      .select()
      .from(promotionCode)
      .where(eq(promotionCode.promotionId, made.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ code, maxUses: null, batchId: null });
    expect(await version()).toBeGreaterThan(before);
    expect(await auditActions(made.id)).toEqual(['promotion.create']);
  });

  it('amount off products, spend threshold, free shipping on platforms: stored in cents', async () => {
    const item = await createProduct(t.database.db);
    const amount = await create({
      name: '$20 off the drill',
      kind: 'amount_off',
      amountOff: 19.99,
      percentOff: 50, // not of this kind: not kept
      target: { kind: 'products', ids: [item.id] },
    });
    expect(amount).toMatchObject({ amountOff: 19.99, percentOff: null, codeMode: 'automatic' });
    expect(await rowOf(amount.id)).toMatchObject({
      amountCents: 1999,
      percentPpm: null,
      targetKind: 'products',
      targetIds: [item.id],
    });

    const threshold = await create({
      name: '$50 off over $500',
      kind: 'spend_threshold',
      amountOff: 50,
      minSubtotal: 500,
    });
    expect(await rowOf(threshold.id)).toMatchObject({
      amountCents: 5000,
      minSubtotalCents: 50_000,
      targetKind: 'all',
      targetIds: [],
    });

    const shipping = await create({
      name: 'Free shipping on 18V',
      kind: 'free_shipping',
      target: { kind: 'platforms', ids: ['18V'] },
      firstOrderOnly: true,
      exclusive: true,
    });
    expect(shipping).toMatchObject({
      firstOrderOnly: true,
      exclusive: true,
      target: { kind: 'platforms', ids: ['18V'] },
    });
  });

  it('buy X get Y: X as SKUs (any case), Y as products; free when no percent is given', async () => {
    const kit = await createProduct(t.database.db);
    const bare = await createProduct(t.database.db);
    const made = await create({
      name: 'Buy the kit, get a bare tool free',
      kind: 'buy_x_get_y',
      target: { kind: 'products', ids: [bare.id] },
      buy: { target: { kind: 'variants', ids: [kit.sku.toLowerCase()] }, quantity: 1 },
      getQuantity: 1,
    });
    expect(made).toMatchObject({
      percentOff: 100,
      buy: { target: { kind: 'variants', ids: [kit.sku.toLowerCase()] }, quantity: 1 },
      getQuantity: 1,
    });
    expect(await rowOf(made.id)).toMatchObject({
      percentPpm: 1_000_000,
      buyKind: 'variants',
      buyIds: [kit.sku.toLowerCase()],
      buyQuantity: 1,
      getQuantity: 1,
      targetKind: 'products',
      targetIds: [bare.id],
    });
    const half = await create({
      name: 'Second at half price',
      kind: 'buy_x_get_y',
      percentOff: 50,
      buy: { target: { kind: 'all', ids: [] }, quantity: 1 },
      getQuantity: 1,
    });
    expect(await rowOf(half.id)).toMatchObject({ percentPpm: 500_000, buyKind: 'all' });
  });
});

describe('validation', () => {
  const refused = async (body: object, field: string) => {
    const res = await call('POST', '/promotions', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields, res.body).toHaveProperty(field);
    return res.json() as { message: string; fields: Record<string, string> };
  };

  it('asks for what each kind needs', async () => {
    await refused({ name: 'x', kind: 'percent_off' }, 'percentOff');
    await refused({ name: 'x', kind: 'amount_off' }, 'amountOff');
    await refused({ name: 'x', kind: 'spend_threshold', amountOff: 5 }, 'minSubtotal');
    await refused({ name: 'x', kind: 'buy_x_get_y', getQuantity: 1 }, 'buy');
    await refused(
      { name: 'x', kind: 'buy_x_get_y', buy: { target: { kind: 'all' }, quantity: 2 } },
      'getQuantity',
    );
    await refused({ name: 'x', kind: 'percent_off', percentOff: 120 }, 'percentOff');
    await refused({ name: 'x', kind: 'amount_off', amountOff: 1.234 }, 'amountOff');
    await refused({ name: '', kind: 'free_shipping' }, 'name');
    await refused({ name: 'x', kind: 'free_shipping', target: { kind: 'products' } }, 'target');
    await refused({ name: 'x', kind: 'free_shipping', code: 'ABCDEF' }, 'code');
  });

  it('refuses bad dates', async () => {
    await refused({ name: 'x', kind: 'free_shipping', startsAt: 'tomorrow' }, 'startsAt');
    await refused({ name: 'x', kind: 'free_shipping', endsAt: '2026-12-01T10:00:00' }, 'endsAt');
    await refused(
      {
        name: 'x',
        kind: 'free_shipping',
        startsAt: '2026-12-02T00:00:00Z',
        endsAt: '2026-12-01T00:00:00Z',
      },
      'endsAt',
    );
  });

  it('refuses unknown categories, products and SKUs, naming target or buy', async () => {
    const item = await createProduct(t.database.db);
    const unknownId = randomUUID();
    const body = (target: object, buy: object | null = null) => ({
      name: 'x',
      kind: buy ? 'buy_x_get_y' : 'percent_off',
      percentOff: 10,
      target,
      buy,
      getQuantity: 1,
    });
    let error = await refused(body({ kind: 'categories', ids: [unknownId] }), 'target');
    expect(error.message).toBe(`Unknown category: ${unknownId}`);
    error = await refused(body({ kind: 'products', ids: [item.id, unknownId] }), 'target');
    expect(error.message).toBe(`Unknown product: ${unknownId}`);
    await refused(body({ kind: 'products', ids: ['not-an-id'] }), 'target');
    error = await refused(body({ kind: 'variants', ids: [item.sku, 'NO-SUCH-SKU'] }), 'target');
    expect(error.message).toBe('Unknown SKU: NO-SUCH-SKU');
    await refused(
      body({ kind: 'all' }, { target: { kind: 'categories', ids: [unknownId] }, quantity: 1 }),
      'buy',
    );
    expect(
      (await t.database.db.select().from(promotion).where(eq(promotion.name, 'x'))).length,
    ).toBe(0);
  });
});

describe('shared codes', () => {
  it('are unique whatever their case (409 naming code), and kept as exactly one row', async () => {
    const code = `Expo${unique()}`;
    const first = await create({
      name: 'Expo',
      kind: 'percent_off',
      percentOff: 10,
      codeMode: 'code',
      code,
    });
    const res = await call('POST', '/promotions', {
      name: 'Copy',
      kind: 'percent_off',
      percentOff: 10,
      codeMode: 'code',
      code: code.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: CODE_TAKEN_MESSAGE,
      fields: { code: CODE_TAKEN_MESSAGE },
    });
    expect(
      await t.database.db.select().from(promotion).where(eq(promotion.name, 'Copy')),
    ).toHaveLength(0);

    const other = await create({
      name: 'Other',
      kind: 'percent_off',
      percentOff: 5,
      codeMode: 'code',
      code: `Other${unique()}`,
    });
    const taken = await call('PUT', `/promotions/${other.id}`, {
      name: 'Other',
      kind: 'percent_off',
      percentOff: 5,
      codeMode: 'code',
      code: code.toUpperCase(),
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().fields).toEqual({ code: CODE_TAKEN_MESSAGE });

    // Changing the code (its case too) keeps one row; an automatic promotion has none.
    const renamed = `${code}X`;
    const body = { name: 'Expo', kind: 'percent_off', percentOff: 10, codeMode: 'code' } as const;
    for (const next of [renamed, renamed.toLowerCase()]) {
      const res2 = await call('PUT', `/promotions/${first.id}`, { ...body, code: next });
      expect(res2.statusCode, res2.body).toBe(200);
      expect(res2.json().code).toBe(next);
      const rows = await t.database.db
        .select({ code: promotionCode.code })
        .from(promotionCode)
        .where(eq(promotionCode.promotionId, first.id));
      expect(rows).toEqual([{ code: next }]);
    }
    const automatic = await call('PUT', `/promotions/${first.id}`, {
      ...body,
      codeMode: 'automatic',
    });
    expect(automatic.statusCode, automatic.body).toBe(200);
    expect(automatic.json().code).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(promotionCode)
        .where(eq(promotionCode.promotionId, first.id)),
    ).toHaveLength(0);
  });
});

describe('pause, resume, end', () => {
  it('changes the status, logs each change, and an ended promotion is final', async () => {
    const made = await create({ name: 'Weekend', kind: 'percent_off', percentOff: 10 });
    const step = async (what: string, status: string) => {
      const res = await call('POST', `/promotions/${made.id}/${what}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(status);
    };
    await step('pause', 'paused');
    await step('pause', 'paused'); // already paused: nothing changes, nothing logged
    await step('resume', 'active');
    const update = await call('PUT', `/promotions/${made.id}`, {
      name: 'Long weekend',
      kind: 'percent_off',
      percentOff: 15,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ name: 'Long weekend', percentOff: 15, status: 'active' });
    await step('end', 'ended');
    for (const [method, url, body] of [
      ['POST', `/promotions/${made.id}/resume`, undefined],
      ['POST', `/promotions/${made.id}/pause`, undefined],
      ['POST', `/promotions/${made.id}/end`, undefined],
      ['PUT', `/promotions/${made.id}`, { name: 'Again', kind: 'percent_off', percentOff: 5 }],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(409);
      expect(res.json().message).toBe(PROMOTION_ENDED_MESSAGE);
    }
    expect((await rowOf(made.id)).status).toBe('ended');
    expect((await rowOf(made.id)).name).toBe('Long weekend');
    expect(await auditActions(made.id)).toEqual([
      'promotion.create',
      'promotion.pause',
      'promotion.resume',
      'promotion.update',
      'promotion.end',
    ]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, made.id), eq(auditLog.action, 'promotion.update')));
    expect(entry).toMatchObject({
      actorEmail: t.admin.email,
      before: expect.objectContaining({ name: 'Weekend', percentPpm: 100_000 }),
      after: expect.objectContaining({ name: 'Long weekend', percentPpm: 150_000 }),
    });
  });

  it('answers 404 for an unknown promotion or a malformed id', async () => {
    for (const id of [randomUUID(), 'nope']) {
      expect((await call('GET', `/promotions/${id}`)).statusCode).toBe(404);
      expect((await call('POST', `/promotions/${id}/pause`)).statusCode).toBe(404);
      expect((await call('GET', `/promotions/${id}/code-batches`)).statusCode).toBe(404);
    }
  });
});

describe('code batches', () => {
  it('generates 500 unique single-use codes; the CSV lists each with whether it was used', async () => {
    const made = await create({
      name: 'Trade show',
      kind: 'amount_off',
      amountOff: 25,
      codeMode: 'code',
    });
    const res = await call('POST', `/promotions/${made.id}/code-batches`, {
      count: 500,
      prefix: 'EXPO-',
    });
    expect(res.statusCode, res.body).toBe(201);
    const batch = CodeBatchSchema.parse(res.json());
    expect(batch).toMatchObject({ promotionId: made.id, prefix: 'EXPO-', count: 500, used: 0 });

    const rows = await t.database.db
      .select()
      .from(promotionCode)
      .where(eq(promotionCode.batchId, batch.id));
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((row) => row.code.toUpperCase())).size).toBe(500);
    for (const row of rows) {
      expect(row.code).toMatch(/^EXPO-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
      expect(row).toMatchObject({ maxUses: 1, promotionId: made.id });
    }
    // One of them used (a use of it, as the order statement writes it), another used and released.
    const userId = await userIdOf(t.database.db, t.customer.email);
    const use = async (codeId: string, releasedAt: Date | null) =>
      t.database.db.insert(promotionUse).values({
        promotionId: made.id,
        codeId,
        checkoutId: await createCheckout(t.database.db, userId),
        userId,
        discountCents: 2500,
        releasedAt,
      });
    await use(rows[0]!.id, null);
    await use(rows[1]!.id, new Date());
    await afterDirectWrite();

    const list = CodeBatchListSchema.parse(
      (await call('GET', `/promotions/${made.id}/code-batches`)).json(),
    );
    expect(list.batches).toEqual([{ ...batch, used: 1 }]);

    const csv = await call('GET', `/promotions/${made.id}/code-batches/${batch.id}/codes.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const table = parseCsv(csv.body.replace(/^\uFEFF/, ''))!;
    expect(table[0]).toEqual(['Code', 'Used']);
    const body = table.slice(1).filter((line) => line.length > 1);
    expect(body).toHaveLength(500);
    expect(new Set(body.map(([code]) => code))).toEqual(new Set(rows.map((row) => row.code)));
    expect(body.filter(([, used]) => used === 'yes')).toEqual([[rows[0]!.code, 'yes']]);
    expect(await auditActions(made.id)).toEqual(['promotion.create', 'promotion.code-batch']);

    // Another promotion's batch is not this one's.
    expect(
      (await call('GET', `/promotions/${randomUUID()}/code-batches/${batch.id}/codes.csv`))
        .statusCode,
    ).toBe(404);
  });

  it('lists every code of a batch larger than a page of the CSV (1,000 rows)', async () => {
    const made = await create({ name: 'Big show', kind: 'free_shipping', codeMode: 'code' });
    const res = await call('POST', `/promotions/${made.id}/code-batches`, { count: 2345 });
    expect(res.statusCode, res.body).toBe(201);
    const batch = CodeBatchSchema.parse(res.json());
    const csv = await call('GET', `/promotions/${made.id}/code-batches/${batch.id}/codes.csv`);
    const codes = parseCsv(csv.body.replace(/^\uFEFF/, ''))!
      .slice(1)
      .filter((line) => line.length > 1)
      .map(([code]) => code);
    expect(codes).toHaveLength(2345);
    expect(new Set(codes).size).toBe(2345);
  });

  it('draws again the codes a collision left out (an existing code, any case, or a twin)', async () => {
    const made = await create({ name: 'Tiny', kind: 'free_shipping', codeMode: 'code' });
    const existing = `Taken${unique()}`;
    await create({
      name: 'Has it',
      kind: 'free_shipping',
      codeMode: 'code',
      code: existing,
    });
    // Round 1 draws a taken code (other case) and twins; round 2 fills what they left out.
    const drawn = [existing.toLowerCase(), 'TWIN1', 'twin1', 'FRESH1', 'FRESH2', 'FRESH3'];
    const batch = await createCodeBatch(
      t.database.db,
      { id: await userIdOf(t.database.db, t.admin.email), email: t.admin.email },
      made.id,
      { count: 4, prefix: '' },
      () => drawn.shift() ?? 'EXHAUSTED',
    );
    expect(batch.count).toBe(4);
    const codes = await t.database.db
      .select({ code: promotionCode.code })
      .from(promotionCode)
      .where(eq(promotionCode.batchId, batch.id));
    expect(codes.map((row) => row.code).sort()).toEqual(['FRESH1', 'FRESH2', 'FRESH3', 'TWIN1']);
  });

  it('refuses a batch for an automatic or an ended promotion, and a bad count', async () => {
    const automatic = await create({ name: 'Auto', kind: 'free_shipping' });
    let res = await call('POST', `/promotions/${automatic.id}/code-batches`, { count: 5 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(CODES_NEED_CODE_MODE_MESSAGE);
    const coded = await create({ name: 'Coded', kind: 'free_shipping', codeMode: 'code' });
    res = await call('POST', `/promotions/${coded.id}/code-batches`, { count: 0 });
    expect(res.statusCode).toBe(400);
    res = await call('POST', `/promotions/${coded.id}/code-batches`, { count: 10_001 });
    expect(res.statusCode).toBe(400);
    res = await call('POST', `/promotions/${coded.id}/code-batches`, { count: 1, prefix: 'a b' });
    expect(res.statusCode).toBe(400);
    await call('POST', `/promotions/${coded.id}/end`);
    res = await call('POST', `/promotions/${coded.id}/code-batches`, { count: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROMOTION_ENDED_MESSAGE);
  });
});

describe('usage', () => {
  it('counts uses not released, their orders as revenue and the discount given', async () => {
    // With a code nobody types, so the checkouts below do not apply it themselves: its uses are the
    // rows written here.
    const usageBody = {
      name: 'Usage',
      kind: 'percent_off',
      percentOff: 10,
      codeMode: 'code',
      code: `USAGE${unique()}`,
    } as const;
    const made = await create(usageBody);
    const userId = await userIdOf(t.database.db, t.customer.email);
    // A checkout of two lines, one of them cancelled since (its revenue does not count).
    const [drill, saw] = [await createProduct(t.database.db), await createProduct(t.database.db)];
    await storeBasket(t, t.customer, [
      [drill, 2],
      [saw, 1],
    ]);
    const first = await checkOutBasket(t, t.customer);
    const [kept, cancelled] = first.orders;
    await t.database.db
      .update(purchase)
      .set({ status: 'cancelled' })
      .where(eq(purchase.id, cancelled!._id));
    const { order: second } = await placeTestOrder(t, t.customer, { orderQuantity: 1 });
    const { order: released } = await placeTestOrder(t, t.customer, { orderQuantity: 3 });
    await t.database.db.insert(promotionUse).values([
      {
        promotionId: made.id,
        checkoutId: first.checkoutId,
        userId,
        discountCents: 1234,
        shippingDiscountCents: 995,
      },
      { promotionId: made.id, checkoutId: second.checkoutId, userId, discountCents: 500 },
      {
        promotionId: made.id,
        checkoutId: released.checkoutId,
        userId,
        discountCents: 9999,
        releasedAt: new Date(),
      },
    ]);
    await afterDirectWrite();
    const amounts = await t.database.db
      .select({ id: purchase.id, cents: purchase.amountCents })
      .from(purchase)
      .where(inArray(purchase.id, [kept!._id, second._id]));
    const revenueCents = amounts.reduce((sum, row) => sum + row.cents, 0);
    expect(revenueCents).toBeGreaterThan(0);

    const list = PromotionListSchema.parse((await call('GET', '/promotions')).json());
    const listed = list.promotions.find((p) => p.id === made.id)!;
    expect(listed).toMatchObject({
      uses: 2,
      revenue: revenueCents / 100,
      discountGiven: (1234 + 995 + 500) / 100,
    });
    expect((await call('GET', `/promotions/${made.id}`)).json()).toMatchObject({
      uses: 2,
      revenue: revenueCents / 100,
      discountGiven: 27.29,
    });
    // Newest first.
    const later = await create({ name: 'Later', kind: 'free_shipping' });
    const again = PromotionListSchema.parse((await call('GET', '/promotions')).json());
    expect(again.promotions[0]!.id).toBe(later.id);

    // With a usage limit the list shows it beside the uses (counted from the same rows).
    const limited = await call('PUT', `/promotions/${made.id}`, { ...usageBody, usageLimit: 10 });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json()).toMatchObject({ uses: 2, usageLimit: 10 });
  });
});

describe('who may manage promotions', () => {
  it('the catalogue team may; warehouse staff, customers and strangers may not', async () => {
    const catalogue = await signUpWithRole(t, 'catalogue');
    const warehouse = await signUpWithRole(t, 'warehouse');
    expect((await call('GET', '/promotions', undefined, catalogue)).statusCode).toBe(200);
    const made = await call(
      'POST',
      '/promotions',
      { name: 'By catalogue', kind: 'free_shipping' },
      catalogue,
    );
    expect(made.statusCode, made.body).toBe(201);
    expect((await call('GET', '/promotions', undefined, warehouse)).statusCode).toBe(403);
    expect(
      (await call('POST', '/promotions', { name: 'x', kind: 'free_shipping' }, warehouse))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/promotions', undefined, t.customer)).statusCode).toBe(403);
    expect((await call('GET', '/promotions', undefined, null)).statusCode).toBe(401);
  });
});
