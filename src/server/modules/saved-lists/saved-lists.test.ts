import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { basketNotices, PRODUCT_GONE_MESSAGE, type Basket } from '../../../shared/basket.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../shared/for-sale.ts';
import {
  LIST_NAME_TAKEN_MESSAGE,
  LIST_NOT_FOUND_MESSAGE,
  LIST_SKU_TWICE_MESSAGE,
  LISTS_FOR_COMPANIES_MESSAGE,
  LISTS_MAX,
  LISTS_TOO_MANY_MESSAGE,
  listPaths,
  listUnknownSkuMessage,
  ListToBasketSchema,
  SavedListListSchema,
  SavedListSchema,
  type SavedList,
} from '../../../shared/saved-lists.ts';
import { product, savedList, variant } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createTestCompany } from '../../testing/companies.ts';
import { afterDirectWrite, createProduct } from '../../testing/factories.ts';
import { storeBasket } from '../../testing/orders.ts';

// A company's saved lists (issue 37): any member reads, edits, deletes and puts them into their own
// basket; another company's are not found; an account of no company keeps none.

const t = setUpAppWithAccounts();
const db = () => t.database.db;

const call = (
  who: SignedIn | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

async function createList(who: SignedIn, payload: object): Promise<SavedList> {
  const res = await call(who, 'POST', listPaths.lists, payload);
  expect(res.statusCode, res.body).toBe(201);
  return SavedListSchema.parse(res.json());
}

const basketOf = async (who: SignedIn) => (await call(who, 'GET', '/api/basket')).json<Basket>();
const held = (basket: Basket) => basket.lines.map((line) => [line.sku, line.quantity]);

const twoMemberCompany = () =>
  createTestCompany(t, { members: { buyer: { role: 'buyer' }, admin: { role: 'admin' } } });

describe('saved lists', () => {
  it('are created by SKU in any case, read, edited and deleted by any member of the company', async () => {
    const company = await twoMemberCompany();
    const { buyer, admin } = company.members;
    const drill = await createProduct(db(), { name: 'List Drill' });
    const bits = await createProduct(db(), { name: 'List Bits' });
    const made = await createList(buyer!, {
      name: '  Van restock ',
      lines: [
        { sku: drill.sku.toLowerCase(), quantity: 2 },
        { sku: bits.sku, quantity: 10 },
      ],
    });
    expect(made).toMatchObject({
      name: 'Van restock',
      createdBy: `buyer of ${company.name}`,
      lines: [
        {
          sku: drill.sku,
          variantId: drill.variantId,
          productId: drill.id,
          productName: 'List Drill',
          quantity: 2,
          problem: null,
        },
        { sku: bits.sku, variantId: bits.variantId, quantity: 10, problem: null },
      ],
    });
    // Another member sees it, in the list of lists and by its id.
    const all = SavedListListSchema.parse((await call(admin!, 'GET', listPaths.lists)).json());
    expect(all.company).toEqual({ id: company.id, name: company.name });
    expect(all.lists.map((list) => list.id)).toEqual([made.id]);
    const one = await call(admin!, 'GET', listPaths.list(made.id.toUpperCase()));
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(made);
    // Another member edits it: name and lines replaced, in the order sent.
    const edited = await call(admin!, 'PUT', listPaths.list(made.id), {
      name: 'Van restock (big)',
      lines: [
        { sku: bits.sku, quantity: 20 },
        { sku: drill.sku, quantity: 1 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<SavedList>().name).toBe('Van restock (big)');
    expect(edited.json<SavedList>().lines.map((line) => [line.sku, line.quantity])).toEqual([
      [bits.sku, 20],
      [drill.sku, 1],
    ]);
    // And deletes it.
    const deleted = await call(buyer!, 'DELETE', listPaths.list(made.id));
    expect(deleted.statusCode).toBe(200);
    expect((await call(buyer!, 'GET', listPaths.list(made.id))).statusCode).toBe(404);
    expect(
      SavedListListSchema.parse((await call(buyer!, 'GET', listPaths.lists)).json()).lists,
    ).toEqual([]);
  });

  it('refuse an unknown SKU and one twice, naming the line, a blank name, and a name the company has', async () => {
    const company = await twoMemberCompany();
    const buyer = company.members.buyer!;
    const drill = await createProduct(db());
    const unknown = await call(buyer, 'POST', listPaths.lists, {
      name: 'Site A',
      lines: [
        { sku: drill.sku, quantity: 1 },
        { sku: drill.sku, quantity: 1 },
        { sku: 'NO-SUCH-SKU-1', quantity: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        'lines.1.sku': LIST_SKU_TWICE_MESSAGE,
        'lines.2.sku': listUnknownSkuMessage('NO-SUCH-SKU-1'),
      },
    });
    const blank = await call(buyer, 'POST', listPaths.lists, { name: '  ', lines: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toMatchObject({ name: 'List name is required' });
    const zero = await call(buyer, 'POST', listPaths.lists, {
      name: 'Site A',
      lines: [{ sku: drill.sku, quantity: 0 }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toMatchObject({ 'lines.0.quantity': 'Quantity must be at least 1' });
    // Nothing of the refused ones was kept.
    expect(
      SavedListListSchema.parse((await call(buyer, 'GET', listPaths.lists)).json()).lists,
    ).toEqual([]);

    const first = await createList(buyer, { name: 'Site A', lines: [] });
    const again = await call(company.members.admin!, 'POST', listPaths.lists, {
      name: 'SITE a',
      lines: [],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: LIST_NAME_TAKEN_MESSAGE,
      fields: { name: LIST_NAME_TAKEN_MESSAGE },
    });
    const second = await createList(buyer, { name: 'Site B', lines: [] });
    const renamed = await call(buyer, 'PUT', listPaths.list(second.id), {
      name: 'site a',
      lines: [],
    });
    expect(renamed.statusCode).toBe(409);
    // Another company may use the name.
    const other = await twoMemberCompany();
    await createList(other.members.buyer!, { name: 'Site A', lines: [] });
    expect(first.name).toBe('Site A');
  });

  it('are for company accounts: an account of no company has none and cannot create one', async () => {
    const loner = await signUp(t.app);
    const listed = await call(loner, 'GET', listPaths.lists);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ lists: [], company: null });
    const made = await call(loner, 'POST', listPaths.lists, { name: 'Mine', lines: [] });
    expect(made.statusCode).toBe(403);
    expect(made.json()).toMatchObject({ code: 'FORBIDDEN', message: LISTS_FOR_COMPANIES_MESSAGE });
    expect((await call(null, 'GET', listPaths.lists)).statusCode).toBe(401);
  });

  it('of another company are not found by any route, for a member of another company or of none', async () => {
    const owner = await twoMemberCompany();
    const drill = await createProduct(db());
    const list = await createList(owner.members.buyer!, {
      name: 'Private',
      lines: [{ sku: drill.sku, quantity: 3 }],
    });
    const stranger = (await twoMemberCompany()).members.admin!;
    const loner = await signUp(t.app);
    for (const who of [stranger, loner]) {
      const answers = [
        await call(who, 'GET', listPaths.list(list.id)),
        await call(who, 'PUT', listPaths.list(list.id), { name: 'Taken', lines: [] }),
        await call(who, 'DELETE', listPaths.list(list.id)),
        await call(who, 'POST', listPaths.toBasket(list.id)),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: LIST_NOT_FOUND_MESSAGE });
      }
      expect(
        SavedListListSchema.parse((await call(who, 'GET', listPaths.lists)).json()).lists,
      ).toEqual([]);
      expect((await basketOf(who)).lines).toEqual([]);
    }
    // Untouched: still there, as made.
    const still = await call(owner.members.admin!, 'GET', listPaths.list(list.id));
    expect(still.json()).toEqual(list);
    for (const id of [randomUUID(), 'not-a-list'])
      expect((await call(owner.members.buyer!, 'GET', listPaths.list(id))).statusCode).toBe(404);
  });

  it('are at most LISTS_MAX per company', async () => {
    const company = await twoMemberCompany();
    await db()
      .insert(savedList)
      .values(
        Array.from({ length: LISTS_MAX }, (_, i) => ({
          organizationId: company.id,
          name: `List ${i}`,
        })),
      );
    const over = await call(company.members.buyer!, 'POST', listPaths.lists, {
      name: 'One more',
      lines: [],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(LISTS_TOO_MANY_MESSAGE);
    const listed = SavedListListSchema.parse(
      (await call(company.members.admin!, 'GET', listPaths.lists)).json(),
    );
    expect(listed.lists).toHaveLength(LISTS_MAX);
  });

  it('stay at LISTS_MAX when members create the last ones in parallel', async () => {
    const company = await twoMemberCompany();
    await db()
      .insert(savedList)
      .values(
        Array.from({ length: LISTS_MAX - 1 }, (_, i) => ({
          organizationId: company.id,
          name: `List ${i}`,
        })),
      );
    const answers = await Promise.all(
      [company.members.buyer!, company.members.admin!, company.members.buyer!].map((who, i) =>
        call(who, 'POST', listPaths.lists, { name: `Last ${i}`, lines: [] }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    const listed = SavedListListSchema.parse(
      (await call(company.members.admin!, 'GET', listPaths.lists)).json(),
    );
    expect(listed.lists).toHaveLength(LISTS_MAX);
  });

  it('hold at most LIST_LINES_MAX lines', async () => {
    const company = await twoMemberCompany();
    const res = await call(company.members.buyer!, 'POST', listPaths.lists, {
      name: 'Huge',
      lines: Array.from({ length: 201 }, (_, i) => ({ sku: `SKU-${i}`, quantity: 1 })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ lines: 'A list holds at most 200 lines' });
  });
});

describe('putting a saved list in the basket', () => {
  it('adds every line’s quantity to the caller’s basket, to lines already there', async () => {
    const company = await twoMemberCompany();
    const { buyer, admin } = company.members;
    const drill = await createProduct(db(), { name: 'Basket Drill' });
    const bits = await createProduct(db(), { name: 'Basket Bits' });
    const list = await createList(admin!, {
      name: 'Weekly',
      lines: [
        { sku: drill.sku, quantity: 2 },
        { sku: bits.sku, quantity: 5 },
      ],
    });
    await storeBasket(t, buyer!, [[drill, 1]]);
    const res = await call(buyer!, 'POST', listPaths.toBasket(list.id));
    expect(res.statusCode, res.body).toBe(200);
    const answer = ListToBasketSchema.parse(res.json());
    expect(held(answer)).toEqual([
      [drill.sku, 3],
      [bits.sku, 5],
    ]);
    expect(answer.skipped).toEqual([]);
    expect(answer.notices).toEqual([]);
    expect(held(await basketOf(buyer!))).toEqual(held(answer));
    // The list did not change; the admin's own basket neither.
    expect((await basketOf(admin!)).lines).toEqual([]);
  });

  it('skips the lines of withdrawn and deleted variants, naming them, and adds the rest', async () => {
    const company = await twoMemberCompany();
    const buyer = company.members.buyer!;
    const kept = await createProduct(db(), { name: 'Kept Sander' });
    const recalled = await createProduct(db(), { name: 'Recalled Saw' });
    const deleted = await createProduct(db(), { name: 'Deleted Grinder' });
    const list = await createList(buyer, {
      name: 'Mixed',
      lines: [
        { sku: recalled.sku, quantity: 1 },
        { sku: deleted.sku, quantity: 4 },
        { sku: kept.sku, quantity: 2 },
      ],
    });
    await db().update(variant).set({ withdrawn: true }).where(eq(variant.id, recalled.variantId));
    await db().delete(product).where(eq(product.id, deleted.id));
    await afterDirectWrite();

    const shown = SavedListSchema.parse((await call(buyer, 'GET', listPaths.list(list.id))).json());
    expect(shown.lines.map((line) => [line.sku, line.productName, line.problem])).toEqual([
      [recalled.sku, 'Recalled Saw', PRODUCT_WITHDRAWN_MESSAGE],
      [deleted.sku, 'Deleted Grinder', PRODUCT_GONE_MESSAGE],
      [kept.sku, 'Kept Sander', null],
    ]);

    const res = await call(buyer, 'POST', listPaths.toBasket(list.id));
    expect(res.statusCode, res.body).toBe(200);
    const answer = ListToBasketSchema.parse(res.json());
    expect(held(answer)).toEqual([[kept.sku, 2]]);
    expect(answer.skipped).toEqual([
      { sku: recalled.sku, name: 'Recalled Saw', reason: PRODUCT_WITHDRAWN_MESSAGE },
      { sku: deleted.sku, name: 'Deleted Grinder', reason: PRODUCT_GONE_MESSAGE },
    ]);
  });

  it('keeps the basket’s rules: lowered to the stock, said in notices', async () => {
    const company = await twoMemberCompany();
    const buyer = company.members.buyer!;
    const scarce = await createProduct(db(), { name: 'Scarce Planer', availableQuantity: 3 });
    const list = await createList(buyer, {
      name: 'Too many',
      lines: [{ sku: scarce.sku, quantity: 5 }],
    });
    const answer = ListToBasketSchema.parse(
      (await call(buyer, 'POST', listPaths.toBasket(list.id))).json(),
    );
    expect(held(answer)).toEqual([[scarce.sku, 3]]);
    expect(answer.notices).toEqual([basketNotices.loweredToStock('Scarce Planer', 3)]);
  });
});
