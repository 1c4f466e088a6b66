import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BREAK_ABOVE_MINIMUM_MESSAGE,
  BREAK_BELOW_BASE_MESSAGE,
} from '../../../shared/price-breaks.ts';
import { PRODUCT_CHANGED_MESSAGE, type ProductDetail } from '../../../shared/product.ts';
import {
  KIT_IN_ITSELF_MESSAGE,
  optionValueRequiredMessage,
  optionValueUnknownMessage,
  PART_IS_KIT_MESSAGE,
  SAME_COMBINATION_MESSAGE,
  SKU_FORMAT_MESSAGE,
  SKU_TWICE_MESSAGE,
  skuTakenMessage,
  TAX_CLASS_MESSAGE,
  unknownSkuMessage,
  VARIANT_NOT_FOUND_MESSAGE,
  type ProductVariantsBody,
  type VariantBody,
} from '../../../shared/variant.ts';
import { auditLog, purchase, variant, variantPart } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct } from '../../testing/factories.ts';

// Issue 34: staff replace a product's options and variants (PUT /api/products/{id}/variants);
// anyone reads one variant by its SKU (GET /api/variants/{sku}). Who may call them: the role
// matrix (users/staff-access.test.ts).

const t = setUpAppWithAccounts();

let made = 0;
/** A SKU no other test uses. */
const newSku = (stem: string) => `${stem}-${Date.now().toString(36)}-${(made += 1)}`;

const putVariants = (productId: string, payload: unknown, headers: object = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}/variants`,
    headers: { ...t.admin.headers, ...headers },
    payload: payload as object,
  });
const getProduct = async (id: string): Promise<ProductDetail> =>
  (await t.app.inject(`/api/products/${id}`)).json();

const row = (sku: string, fields: Partial<VariantBody> = {}): VariantBody => ({
  sku,
  price: 99,
  minQuantity: 1,
  availableQuantity: 10,
  ...fields,
});

/** A product replaced with `body` (must succeed), as the PUT answered it. */
async function replaced(productId: string, body: ProductVariantsBody): Promise<ProductDetail> {
  const res = await putVariants(productId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A product of one variant (a battery, a charger) whose SKU is `sku`. */
async function loosePart(sku: string, availableQuantity: number) {
  const item = await createProduct(t.database.db);
  await replaced(item.id, { options: [], variants: [row(sku, { availableQuantity })] });
  return item;
}

describe('PUT /api/products/{id}/variants', () => {
  it('replaces options and variants: updates by SKU, adds, labels, kits of parts elsewhere', async () => {
    const battery = newSku('BAT');
    const charger = newSku('CHG');
    await loosePart(battery, 30);
    await loosePart(charger, 7);
    const drill = await createProduct(t.database.db, { name: 'Hammer Drill' });
    const [bare12, bare18, kit18] = [newSku('HD12'), newSku('HD18'), newSku('HD18K')];
    const body: ProductVariantsBody = {
      options: [
        { name: 'Voltage', values: ['12V', '18V'] },
        { name: 'Kit', values: ['Bare tool', '2 × 5.0 Ah kit'] },
      ],
      variants: [
        // The factory's variant, kept (by its SKU in another case) as the 12V bare tool.
        row(drill.sku.toLowerCase(), {
          optionValues: { Kit: 'Bare tool', Voltage: '12V' },
          price: 89.5,
          availableQuantity: 4,
          weightGrams: 1500,
        }),
        row(bare12, { optionValues: { Voltage: '12V', Kit: '2 × 5.0 Ah kit' }, price: 149 }),
        row(bare18, {
          optionValues: { Voltage: '18V', Kit: 'Bare tool' },
          price: 119,
          availableQuantity: 20,
          priceBreaks: [{ minQuantity: 10, price: 109 }],
          lengthMm: 250,
        }),
        row(kit18, {
          optionValues: { Voltage: '18V', Kit: '2 × 5.0 Ah kit' },
          price: 299,
          availableQuantity: 999, // ignored: a kit's stock is its parts'
          parts: [
            { sku: bare18, quantity: 1 },
            { sku: battery.toUpperCase(), quantity: 2 },
            { sku: charger, quantity: 1 },
          ],
        }),
      ],
    };
    const answer = await replaced(drill.id, body);

    expect(answer.options).toEqual(body.options);
    expect(answer.variantCount).toBe(4);
    expect(answer.sku).toBe(drill.sku.toLowerCase());
    expect([answer.price, answer.priceFrom, answer.priceTo]).toEqual([89.5, 89.5, 299]);
    expect(answer.variants.map((v) => [v.sku, v.label, v.optionValues])).toEqual([
      [drill.sku.toLowerCase(), '12V · Bare tool', { Voltage: '12V', Kit: 'Bare tool' }],
      [bare12, '12V · 2 × 5.0 Ah kit', { Voltage: '12V', Kit: '2 × 5.0 Ah kit' }],
      [bare18, '18V · Bare tool', { Voltage: '18V', Kit: 'Bare tool' }],
      [kit18, '18V · 2 × 5.0 Ah kit', { Voltage: '18V', Kit: '2 × 5.0 Ah kit' }],
    ]);
    // The first row kept its id: the factory's variant was updated, not replaced.
    expect(answer.variants[0]).toMatchObject({ _id: drill.variantId, weightGrams: 1500 });
    expect(answer.variants[2]).toMatchObject({
      price: 119,
      availableQuantity: 20,
      priceBreaks: [{ minQuantity: 10, price: 109 }],
      lengthMm: 250,
      parts: [],
    });
    // The kit: as many as its parts allow (20 drills, 30 / 2 batteries, 7 chargers).
    expect(answer.variants[3]).toMatchObject({ availableQuantity: 7, withdrawn: false });
    expect(answer.variants[3]!.parts).toEqual([
      { sku: battery, quantity: 2, productId: expect.any(String), name: expect.any(String) },
      { sku: charger, quantity: 1, productId: expect.any(String), name: expect.any(String) },
      { sku: bare18, quantity: 1, productId: drill.id, name: 'Hammer Drill (18V · Bare tool)' },
    ]);
    const [kitRow] = await t.database.db
      .select({ stock: variant.availableQuantity })
      .from(variant)
      .where(eq(variant.sku, kit18));
    expect(kitRow?.stock).toBe(0);

    // The cached catalogue shows the change at once (the API's commit wait).
    expect(await getProduct(drill.id)).toEqual(answer);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, drill.id), eq(auditLog.action, 'product.variants')))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ actorEmail: t.admin.email, targetType: 'product' });
    expect((audit!.before as ProductDetail).variants).toHaveLength(1);
    expect((audit!.after as ProductDetail).variants).toHaveLength(4);

    // Sent again without the kit and the 12V kit: those two are deleted, their parts with them.
    const again = await replaced(drill.id, {
      ...body,
      variants: [body.variants[0]!, body.variants[2]!],
    });
    expect(again.variants.map((v) => v.sku)).toEqual([drill.sku.toLowerCase(), bare18]);
    const kitsLeft = await t.database.db.select().from(variant).where(eq(variant.sku, kit18));
    expect(kitsLeft).toEqual([]);
  });

  it('refuses rules across rows with 400 on the field paths, writing nothing', async () => {
    const item = await createProduct(t.database.db);
    const before = await getProduct(item.id);
    const battery = newSku('BAT');
    await loosePart(battery, 5);
    const options = [{ name: 'Voltage', values: ['12V', '18V'] }];
    const a = newSku('A');
    const cases: [unknown, Record<string, string>][] = [
      [
        { options: [], variants: [row('no spaces please')] },
        { 'variants.0.sku': SKU_FORMAT_MESSAGE },
      ],
      [{ options: [], variants: [row('x'.repeat(41))] }, { 'variants.0.sku': SKU_FORMAT_MESSAGE }],
      [
        {
          options,
          variants: [
            row(a, { optionValues: { Voltage: '12V' } }),
            row(a.toUpperCase(), { optionValues: { Voltage: '18V' } }),
          ],
        },
        { 'variants.1.sku': SKU_TWICE_MESSAGE },
      ],
      [
        { options, variants: [row(a, { optionValues: { Voltage: '24V' } })] },
        { 'variants.0.optionValues.Voltage': optionValueUnknownMessage('Voltage', '24V') },
      ],
      [
        { options, variants: [row(a)] },
        { 'variants.0.optionValues.Voltage': optionValueRequiredMessage('Voltage') },
      ],
      [
        {
          options,
          variants: [
            row(a, { optionValues: { Voltage: '18V' } }),
            row(newSku('B'), { optionValues: { Voltage: '18V' } }),
          ],
        },
        { 'variants.1.optionValues': SAME_COMBINATION_MESSAGE },
      ],
      [
        { options: [], variants: [row(a), row(newSku('B'))] },
        { 'variants.1.optionValues': SAME_COMBINATION_MESSAGE },
      ],
      [
        {
          options: [],
          variants: [row(a, { parts: [{ sku: 'NO-SUCH-PART-34', quantity: 1 }] })],
        },
        { 'variants.0.parts.0.sku': unknownSkuMessage('NO-SUCH-PART-34') },
      ],
      [
        { options: [], variants: [row(a, { parts: [{ sku: a, quantity: 1 }] })] },
        { 'variants.0.parts.0.sku': KIT_IN_ITSELF_MESSAGE },
      ],
      [
        {
          options: [],
          variants: [
            row(a, {
              price: 50,
              minQuantity: 5,
              priceBreaks: [
                { minQuantity: 5, price: 45 },
                { minQuantity: 10, price: 55 },
              ],
            }),
          ],
        },
        {
          'variants.0.priceBreaks.0.minQuantity': BREAK_ABOVE_MINIMUM_MESSAGE,
          'variants.0.priceBreaks.1.price': BREAK_BELOW_BASE_MESSAGE,
        },
      ],
      [
        { options: [], variants: [row(a, { price: 1.005 })] },
        { 'variants.0.price': 'Price can have at most 2 decimals' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await putVariants(item.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: Object.values(fields)[0],
        fields,
        requestId: expect.any(String),
      });
    }
    expect(await getProduct(item.id)).toEqual(before);
  });

  it('refuses a kit as a part, and a kit that another kit holds as a part', async () => {
    const battery = newSku('BAT');
    await loosePart(battery, 5);
    const kits = await createProduct(t.database.db);
    const kit = newSku('KIT');
    await replaced(kits.id, {
      options: [],
      variants: [row(kit, { parts: [{ sku: battery, quantity: 1 }] })],
    });
    const other = await createProduct(t.database.db);
    const kitOfKit = await putVariants(other.id, {
      options: [],
      variants: [row(newSku('KK'), { parts: [{ sku: kit, quantity: 1 }] })],
    });
    expect(kitOfKit.statusCode).toBe(400);
    expect(kitOfKit.json().fields).toEqual({ 'variants.0.parts.0.sku': PART_IS_KIT_MESSAGE });

    // The battery's own product cannot turn the battery into a kit while a kit holds it.
    const [batteryProduct] = await t.database.db
      .select({ productId: variant.productId })
      .from(variant)
      .where(eq(variant.sku, battery));
    const charger = newSku('CHG');
    await loosePart(charger, 5);
    const res = await putVariants(batteryProduct!.productId, {
      options: [],
      variants: [row(battery, { parts: [{ sku: charger, quantity: 1 }] })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'variants.0.parts': expect.stringContaining(kit),
    });
  });

  it('answers 409 for a SKU another product uses (any case) and for a stale version', async () => {
    const taken = newSku('TAKEN');
    await loosePart(taken, 1);
    const item = await createProduct(t.database.db);
    const res = await putVariants(item.id, {
      options: [],
      variants: [row(taken.toLowerCase())],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: skuTakenMessage(taken.toLowerCase()),
      fields: { 'variants.0.sku': skuTakenMessage(taken.toLowerCase()) },
    });

    const seen = await getProduct(item.id);
    const body = { options: [], variants: [row(item.sku, { price: 12 })], version: seen.version };
    expect((await putVariants(item.id, body)).statusCode).toBe(200);
    // The same version again: someone (this edit) changed the product since.
    const stale = await putVariants(item.id, { ...body, variants: [row(item.sku, { price: 13 })] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', message: PRODUCT_CHANGED_MESSAGE });
    expect((await getProduct(item.id)).price).toBe(12);

    // A variant's own version: a sale of it since the editor read it is not undone.
    const now = await getProduct(item.id);
    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: t.customer.headers,
      payload: { productId: item.id, orderQuantity: 1, address: '1 Variant Road' },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const undo = await putVariants(item.id, {
      options: [],
      variants: [row(item.sku, { version: now.variants[0]!.version })],
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().fields).toEqual({ 'variants.0.version': PRODUCT_CHANGED_MESSAGE });
    expect((await getProduct(item.id)).availableQuantity).toBe(9);
  });

  it("sets each variant's tax class (issue 35): left out keeps it, a new one is standard", async () => {
    const item = await createProduct(t.database.db);
    const [book, food] = [newSku('TAX-R'), newSku('TAX-E')];
    const options = [{ name: 'Kind', values: ['Book', 'Food'] }];
    const first = await replaced(item.id, {
      options,
      variants: [
        row(book, { optionValues: { Kind: 'Book' }, taxClass: 'reduced' }),
        row(food, { optionValues: { Kind: 'Food' } }),
      ],
    });
    expect(first.variants.map((v) => [v.sku, v.taxClass])).toEqual([
      [book, 'reduced'],
      [food, 'standard'],
    ]);
    const second = await replaced(item.id, {
      options,
      variants: [
        row(book, { optionValues: { Kind: 'Book' } }),
        row(food, { optionValues: { Kind: 'Food' }, taxClass: 'exempt' }),
      ],
    });
    expect(second.variants.map((v) => v.taxClass)).toEqual(['reduced', 'exempt']);
    // The public detail and the variant by SKU say the same.
    expect((await getProduct(item.id)).variants.map((v) => v.taxClass)).toEqual([
      'reduced',
      'exempt',
    ]);
    expect((await t.app.inject(`/api/variants/${food}`)).json()).toMatchObject({
      taxClass: 'exempt',
    });
    const [stored] = await t.database.db.select().from(variant).where(eq(variant.sku, book));
    expect(stored?.taxClass).toBe('reduced');

    const bad = await putVariants(item.id, {
      options: [],
      variants: [row(newSku('TAX-X'), { taxClass: 'zero' as 'exempt' })],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'variants.0.taxClass': TAX_CLASS_MESSAGE });
  });

  it('answers 404 for an unknown or malformed product id', async () => {
    const body = { options: [], variants: [row(newSku('X'))] };
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id'])
      expect((await putVariants(id, body)).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('deletes a variant that has orders: the orders keep their SKU and label', async () => {
    const item = await createProduct(t.database.db);
    const [keep, gone] = [newSku('KEEP'), newSku('GONE')];
    const options = [{ name: 'Colour', values: ['Red', 'Blue'] }];
    await replaced(item.id, {
      options,
      variants: [
        row(keep, { optionValues: { Colour: 'Red' } }),
        row(gone, { optionValues: { Colour: 'Blue' } }),
      ],
    });
    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: t.customer.headers,
      payload: { productId: item.id, sku: gone, orderQuantity: 2, address: '1 Variant Road' },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json()).toMatchObject({ sku: gone, variantLabel: 'Blue' });

    await replaced(item.id, {
      options,
      variants: [row(keep, { optionValues: { Colour: 'Red' } })],
    });
    const [order] = await t.database.db
      .select({ sku: purchase.sku, label: purchase.variantLabel, variantId: purchase.variantId })
      .from(purchase)
      .where(eq(purchase.id, sold.json()._id));
    expect(order).toEqual({ sku: gone, label: 'Blue', variantId: null });
    const mine = await t.app.inject({
      url: `/api/purchase/${sold.json()._id}`,
      headers: t.customer.headers,
    });
    expect(mine.json()).toMatchObject({ sku: gone, variantLabel: 'Blue' });
  });

  it('leaves a kit of a deleted part on record, its part named by SKU, not for sale', async () => {
    const battery = newSku('BAT');
    const batteries = await loosePart(battery, 9);
    const kits = await createProduct(t.database.db);
    const kit = newSku('KIT');
    await replaced(kits.id, {
      options: [],
      variants: [row(kit, { parts: [{ sku: battery, quantity: 3 }] })],
    });
    expect((await getProduct(kits.id)).availableQuantity).toBe(3);
    await replaced(batteries.id, { options: [], variants: [row(newSku('BAT2'))] });
    const shown = await getProduct(kits.id);
    expect(shown.variants[0]).toMatchObject({
      availableQuantity: 0,
      withdrawn: true,
      parts: [{ sku: battery, quantity: 3, productId: null, name: null }],
    });
    const [part] = await t.database.db
      .select()
      .from(variantPart)
      .where(eq(variantPart.partSku, battery));
    expect(part).toMatchObject({ partId: null, quantity: 3 });
  });
});

describe('GET /api/variants/{sku}', () => {
  it('answers one variant by its SKU in any case, to anyone', async () => {
    const item = await createProduct(t.database.db, { priceCents: 2_500, availableQuantity: 6 });
    const res = await t.app.inject(`/api/variants/${item.sku.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: item.variantId,
      productId: item.id,
      sku: item.sku,
      price: 25,
      availableQuantity: 6,
      parts: [],
    });
  });

  it('answers 404 in the one error shape for an unknown or malformed SKU', async () => {
    for (const sku of ['NO-SUCH-SKU-34', 'has%20space', 'x'.repeat(41), '%C3%A9t%C3%A9']) {
      const res = await t.app.inject(`/api/variants/${sku}`);
      expect(res.statusCode, sku).toBe(404);
      expect(res.json()).toEqual({
        code: 'NOT_FOUND',
        message: VARIANT_NOT_FOUND_MESSAGE,
        requestId: expect.any(String),
      });
    }
  });
});
