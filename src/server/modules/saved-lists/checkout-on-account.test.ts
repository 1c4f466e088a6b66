import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutPlacedSchema } from '../../../shared/checkout.ts';
import { quoteOf, tryCheckOut } from '../../testing/orders.ts';
import { listPaths, ListToBasketSchema, SavedListSchema } from '../../../shared/saved-lists.ts';
import { invoice, priceList, priceListPrice } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { balanceOf, createTestCompany } from '../../testing/companies.ts';
import { afterDirectWrite, createProduct } from '../../testing/factories.ts';

// The trade buyer's journey of the checkout page (issue 37): a saved list into the basket, quoted
// on account at the company's contract price, placed at exactly what the quote showed, invoiced.

const t = setUpAppWithAccounts();
const db = () => t.database.db;
const ADDRESS = { address: '1 Contract Road' };

describe('a saved list checked out on account', () => {
  it('is placed at the contract price the quote showed, and invoiced for it', async () => {
    const drill = await createProduct(db(), { name: 'Contract Drill', priceCents: 20_000 });
    const [list] = await db()
      .insert(priceList)
      .values({ name: `Contract ${drill.sku}` })
      .returning({ id: priceList.id });
    await db()
      .insert(priceListPrice)
      .values({ priceListId: list!.id, variantId: drill.variantId, priceCents: 15_000 });
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' } },
      credit: { status: 'approved', limitCents: 100_000, termsDays: 30 },
      priceListId: list!.id,
    });
    await afterDirectWrite();
    const buyer = company.members.buyer!;
    const made = await t.app.inject({
      method: 'POST',
      url: listPaths.lists,
      headers: buyer.headers,
      payload: { name: 'Contract restock', lines: [{ sku: drill.sku, quantity: 2 }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const saved = SavedListSchema.parse(made.json());
    const inBasket = await t.app.inject({
      method: 'POST',
      url: listPaths.toBasket(saved.id),
      headers: buyer.headers,
    });
    expect(ListToBasketSchema.parse(inBasket.json()).lines).toHaveLength(1);

    const quote = await quoteOf(t, buyer, { ...ADDRESS, paymentMethod: 'account' });
    expect(quote.lines[0]).toMatchObject({ sku: drill.sku, quantity: 2, unitPrice: 150 });
    expect(quote.paymentMethod).toBe('account');
    expect(quote.company).toMatchObject({ id: company.id, creditAvailable: 1000 });

    const res = await tryCheckOut(t, buyer, {
      ...ADDRESS,
      paymentMethod: 'account',
      quoteId: quote.quoteId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = CheckoutPlacedSchema.parse(res.json());
    expect(placed).toMatchObject({ paymentMethod: 'account', approval: 'none' });
    expect(placed.totalPrice).toBe(quote.total);
    expect(placed.invoice?.number).toMatch(/^INV-\d{6}$/);
    const [issued] = await db()
      .select()
      .from(invoice)
      .where(eq(invoice.checkoutId, placed.checkoutId));
    expect(issued?.amountCents).toBe(Math.round(quote.total * 100));
    expect(await balanceOf(db(), company.id)).toBe(Math.round(quote.total * 100));
    expect(quote.subtotal).toBe(300);
  });
});
