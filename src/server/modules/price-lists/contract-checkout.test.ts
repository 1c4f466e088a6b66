import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutPlacedSchema } from '../../../shared/checkout.ts';
import { PRICES_CHANGED_MESSAGE } from '../../../shared/pricing.ts';
import { category, invoice, product, variant } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { balanceOf, createTestCompany, type TestMember } from '../../testing/companies.ts';
import { afterDirectWrite, createProduct, type TestProduct } from '../../testing/factories.ts';
import { quoteOf, storeBasket, tryCheckOut } from '../../testing/orders.ts';

// End to end, written from docs/decisions/059 (and 055 for the promotion), not from the code: a
// member of a company with a price list is quoted and checks out on account at the contract
// prices. ADR 059: a line's unit price is the price break of its quantity, then the company's price
// list: a fixed price of the variant if lower (min(fixed, break)), else its category's percent off
// the break price, rounded half up to the cent; promotions then apply (ADR 055: a percent off is
// round(Σ net × p), half up). A price-list edit between the quote and the checkout is "Prices
// changed" (the order statement computes the price again).

const t = setUpAppWithAccounts();
const db = () => t.database.db;
const ADDRESS = { address: '1 Contract Street' };
const unique = () => randomUUID().slice(0, 8);

async function withBreak(item: TestProduct, minQuantity: number, priceCents: number) {
  await db()
    .update(variant)
    .set({ priceBreaks: [{ minQuantity, priceCents }] })
    .where(eq(variant.id, item.variantId));
  await afterDirectWrite();
}

async function newCategory(...items: TestProduct[]): Promise<string> {
  const name = `Bits ${unique()}`;
  const [row] = await db()
    .insert(category)
    .values({ name, slug: name.toLowerCase().replace(/\s+/g, '-') })
    .returning({ id: category.id });
  for (const item of items)
    await db().update(product).set({ categoryId: row!.id }).where(eq(product.id, item.id));
  await afterDirectWrite();
  return row!.id;
}

const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: t.admin.headers, payload });

const quote = (who: TestMember) => quoteOf(t, who, { ...ADDRESS, paymentMethod: 'account' });

const checkOut = (who: TestMember, quoteId: string) =>
  tryCheckOut(t, who, { ...ADDRESS, paymentMethod: 'account', quoteId });

describe('a member’s checkout at contract prices (ADR 059, by hand)', () => {
  it('prices fixed, above-the-break and percent lines, then the promotion; an edit is "Prices changed"', async () => {
    // Drill: $200.00, from 5 units $180.00; the list's fixed price $170.00 is lower: 5 × 170.00.
    const drill = await createProduct(db(), { name: 'Contract Drill', priceCents: 20_000 });
    await withBreak(drill, 5, 18_000);
    // Saw: $150.00, from 3 units $120.00; the list's fixed $130.00 is ABOVE that break: the
    // break wins, 3 × 120.00.
    const saw = await createProduct(db(), { name: 'Contract Saw', priceCents: 15_000 });
    await withBreak(saw, 3, 12_000);
    // Bits (12.5% off their category): $99.99, from 2 units $99.88. 2 units: 12.5% of 9988 cents
    // is 1248.5, half up 1249 off: 8739 each (a floor or half-even rounding would say 8740).
    const bits = await createProduct(db(), { name: 'Contract Bits', priceCents: 9_999 });
    await withBreak(bits, 2, 9_988);
    // Bit set, same category, 1 unit of $99.99: 12.5% is 1249.875, half up 1250 off: 8749.
    const bitSet = await createProduct(db(), { name: 'Contract Bit Set', priceCents: 9_999 });
    const bitsCategory = await newCategory(bits, bitSet);

    const listName = `Contractor ${unique()}`;
    const made = await admin('POST', '/api/price-lists', {
      name: listName,
      prices: [
        { sku: drill.sku, price: 170 },
        { sku: saw.sku.toLowerCase(), price: 130 },
      ],
      discounts: [{ categoryId: bitsCategory, percent: 12.5 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const listId = (made.json() as { id: string }).id;
    // An automatic 10% off the bits, after the contract price: round(2 × 8739 × 10%) =
    // round(1747.8) = 1748 cents.
    const promotion = await admin('POST', '/api/admin/promotions', {
      name: `Bits week ${unique()}`,
      kind: 'percent_off',
      percentOff: 10,
      target: { kind: 'products', ids: [bits.id] },
      codeMode: 'automatic',
    });
    expect(promotion.statusCode, promotion.body).toBe(201);

    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' } },
      credit: { status: 'approved', limitCents: 1_000_000 },
      priceListId: listId,
    });
    const buyer = company.members.buyer!;
    const basket: [TestProduct, number][] = [
      [drill, 5],
      [saw, 3],
      [bits, 2],
      [bitSet, 1],
    ];
    await storeBasket(t, buyer, basket);

    const quoted = await quote(buyer);
    expect(quoted.lines.map((line) => [line.sku, line.unitPrice, line.discount])).toEqual([
      [drill.sku, 170, 0],
      [saw.sku, 120, 0],
      [bits.sku, 87.39, 17.48],
      [bitSet.sku, 87.49, 0],
    ]);
    // Lines: 85000 + 36000 + 17478 + 8749 = 147227; less 1748 = 145479 cents (no shipping or tax
    // for a one-line address without zones).
    expect(quoted.subtotal).toBe(1472.27);
    expect(quoted.discount).toBe(17.48);
    expect(quoted.total).toBe(1454.79);
    expect(quoted.company?.priceList).toBe(listName);

    // A price-list edit between the quote and the checkout: nothing placed, "Prices changed".
    const edited = await admin('PUT', `/api/price-lists/${listId}`, {
      name: listName,
      prices: [
        { sku: drill.sku, price: 169 },
        { sku: saw.sku, price: 130 },
      ],
      discounts: [{ categoryId: bitsCategory, percent: 12.5 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await checkOut(buyer, quoted.quoteId);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(PRICES_CHANGED_MESSAGE);
    expect(await balanceOf(db(), company.id)).toBe(0);

    // Quoted again: the drill at 169.00 now: 84500 + 36000 + 17478 + 8749 - 1748 = 144979.
    const again = await quote(buyer);
    expect(again.lines[0]?.unitPrice).toBe(169);
    expect(again.total).toBe(1449.79);
    const res = await checkOut(buyer, again.quoteId);
    expect(res.statusCode, res.body).toBe(201);
    const placed = CheckoutPlacedSchema.parse(res.json());
    expect(placed.totalPrice).toBe(1449.79);
    expect(placed.orders.map((order) => [order.sku, order.price, order.discount])).toEqual([
      [drill.sku, 169, 0],
      [saw.sku, 120, 0],
      [bits.sku, 87.39, 17.48],
      [bitSet.sku, 87.49, 0],
    ]);
    expect(await balanceOf(db(), company.id)).toBe(144_979);
    const [issued] = await db()
      .select({ amount: invoice.amountCents })
      .from(invoice)
      .where(eq(invoice.checkoutId, placed.checkoutId));
    expect(issued).toEqual({ amount: 144_979 });
  });

  it('gives the list’s prices to its company’s members only', async () => {
    const drill = await createProduct(db(), { name: 'Public Drill', priceCents: 20_000 });
    const made = await admin('POST', '/api/price-lists', {
      name: `Members ${unique()}`,
      prices: [{ sku: drill.sku, price: 150 }],
    });
    const listId = (made.json() as { id: string }).id;
    const listed = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' } },
      credit: { status: 'approved', limitCents: 1_000_000 },
      priceListId: listId,
    });
    const unlisted = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' } },
      credit: { status: 'approved', limitCents: 1_000_000 },
    });
    for (const [who, unit] of [
      [listed.members.buyer!, 150],
      [unlisted.members.buyer!, 200],
    ] as const) {
      await storeBasket(t, who, [[drill, 1]]);
      expect((await quote(who)).lines[0]?.unitPrice).toBe(unit);
    }
  });
});
