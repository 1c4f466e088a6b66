import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLimitMessage, NO_CREDIT_MESSAGE } from '../../../shared/companies.ts';
import { CheckoutPlacedSchema } from '../../../shared/checkout.ts';
import {
  accountOrders,
  companyAccount,
  companyAddress,
  invoice,
  purchase,
} from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { balanceOf, createTestCompany, type TestMember } from '../../testing/companies.ts';
import { createProduct, stockOf } from '../../testing/factories.ts';
import { quoteOf, storeBasket, tryCheckOut, tryQuote } from '../../testing/orders.ts';
import { mailTo } from '../../testing/aftersale.ts';

// Checkouts of a company's members (issue 37, ADR 059): on account, credit and approval decided by
// the order statement on the company's locked row; an invoice issued with the order.

const t = setUpAppWithAccounts();
const db = () => t.database.db;
const ADDRESS = { address: '1 Trade Street' };

const checkOut = (who: TestMember, payload: object) => tryCheckOut(t, who, payload);

describe('a checkout on account', () => {
  it('is invoiced at once within the limits: balance raised, no hold, not unpaid', async () => {
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' } },
      credit: { status: 'approved', limitCents: 100_000, termsDays: 30 },
    });
    const buyer = company.members.buyer!;
    const drill = await createProduct(db(), { name: 'Account Drill', priceCents: 20_000 });
    await storeBasket(t, buyer, [[drill, 2]]);
    const quote = await quoteOf(t, buyer, { ...ADDRESS, paymentMethod: 'account' });
    expect(quote.paymentMethod).toBe('account');
    expect(quote.company).toMatchObject({
      id: company.id,
      approvalRequired: false,
      creditAvailable: 1000,
    });
    const res = await checkOut(buyer, {
      ...ADDRESS,
      paymentMethod: 'account',
      quoteId: quote.quoteId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = CheckoutPlacedSchema.parse(res.json());
    expect(placed.paymentMethod).toBe('account');
    expect(placed.approval).toBe('none');
    expect(placed.invoice?.number).toMatch(/^INV-\d{6}$/);
    expect(placed.orders[0]).toMatchObject({
      stat: 'pending',
      onAccount: true,
      reservedUntil: null,
    });
    expect(await balanceOf(db(), company.id)).toBe(40_000);
    const [issued] = await db()
      .select()
      .from(invoice)
      .where(eq(invoice.checkoutId, placed.checkoutId));
    expect(issued).toMatchObject({
      amountCents: 40_000,
      status: 'open',
      organizationId: company.id,
    });
    expect(Math.round((issued!.dueAt.getTime() - issued!.issuedAt.getTime()) / 86_400_000)).toBe(
      30,
    );
    const [order] = await db()
      .select()
      .from(purchase)
      .where(eq(purchase.checkoutId, placed.checkoutId));
    expect(order).toMatchObject({
      invoiceId: issued!.id,
      holdExpiresAt: null,
      organizationId: company.id,
    });
    // Invoiced, it is not an unpaid checkout: the account's unpaid-orders limit is not taken.
    const [limits] = await db()
      .select({ unpaid: accountOrders.unpaidCheckouts })
      .from(accountOrders)
      .where(eq(accountOrders.userId, buyer.userId));
    expect(limits?.unpaid).toBe(0);
  });

  it('is refused without approved credit or above what is left, and nothing changes', async () => {
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' } },
      credit: { status: 'approved', limitCents: 30_000 },
    });
    const buyer = company.members.buyer!;
    const saw = await createProduct(db(), {
      name: 'Account Saw',
      priceCents: 20_000,
      availableQuantity: 10,
    });
    await storeBasket(t, buyer, [[saw, 1]]);
    expect((await checkOut(buyer, { ...ADDRESS, paymentMethod: 'account' })).statusCode).toBe(201);
    await storeBasket(t, buyer, [[saw, 1]]);
    const over = await checkOut(buyer, { ...ADDRESS, paymentMethod: 'account' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message: creditLimitMessage(10_000),
      fields: { paymentMethod: creditLimitMessage(10_000) },
    });
    expect(await balanceOf(db(), company.id)).toBe(20_000);
    expect((await stockOf(db(), saw.id))?.available).toBe(9);
    await db()
      .update(companyAccount)
      .set({ creditStatus: 'suspended' })
      .where(eq(companyAccount.organizationId, company.id));
    const suspended = await checkOut(buyer, { ...ADDRESS, paymentMethod: 'account' });
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().message).toBe(NO_CREDIT_MESSAGE);
  });

  it('waits for approval above the buyer’s order limit: stock held, credit reserved, no invoice', async () => {
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer', orderLimitCents: 10_000 }, boss: { role: 'approver' } },
      credit: { status: 'approved', limitCents: 100_000 },
    });
    const buyer = company.members.buyer!;
    const grinder = await createProduct(db(), {
      name: 'Account Grinder',
      priceCents: 15_000,
      availableQuantity: 5,
    });
    await storeBasket(t, buyer, [[grinder, 1]]);
    const res = await checkOut(buyer, { ...ADDRESS, paymentMethod: 'account' });
    expect(res.statusCode, res.body).toBe(201);
    const placed = CheckoutPlacedSchema.parse(res.json());
    expect(placed.approval).toBe('awaiting');
    expect(placed.invoice).toBeNull();
    expect(placed.orders[0]?.stat).toBe('awaiting_approval');
    expect((await stockOf(db(), grinder.id))?.available).toBe(4);
    expect(await balanceOf(db(), company.id)).toBe(15_000);
    // The buyer withdraws it: stock and credit come back.
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${placed.orders[0]!._id}`,
      headers: buyer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await stockOf(db(), grinder.id))?.available).toBe(5);
    expect(await balanceOf(db(), company.id)).toBe(0);
  });

  it('delivers to a company address by its id, for the company’s members only', async () => {
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' } },
      credit: { status: 'approved', limitCents: 100_000 },
    });
    const other = await createTestCompany(t, { members: { buyer: { role: 'buyer' } } });
    const [site] = await db()
      .insert(companyAddress)
      .values({
        organizationId: company.id,
        label: 'Yard',
        postal: {
          name: 'Site office',
          company: company.name,
          line1: '5 Yard Lane',
          line2: '',
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
          country: 'US',
          phone: '',
        },
      })
      .returning();
    const tool = await createProduct(db(), { name: 'Yard Tool', priceCents: 5_000 });
    for (const who of [company.members.buyer!, other.members.buyer!])
      await storeBasket(t, who, [[tool, 1]]);
    const mine = await quoteOf(t, company.members.buyer!, {
      addressId: site!.id,
      paymentMethod: 'account',
    });
    expect(mine.address).toMatchObject({
      line1: '5 Yard Lane',
      city: 'Austin',
    });
    const theirs = await tryQuote(t, other.members.buyer!, { addressId: site!.id });
    expect(theirs.statusCode).toBe(404);
  });

  it('mails the approvers, then the buyer the decision, each listing the checkout’s orders', async () => {
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer', orderLimitCents: 5_000 }, boss: { role: 'approver' } },
      credit: { status: 'approved', limitCents: 100_000 },
    });
    const { buyer, boss } = company.members as Record<string, TestMember>;
    const sander = await createProduct(db(), { name: 'Mailed Sander', priceCents: 8_000 });
    await storeBasket(t, buyer!, [[sander, 1]]);
    const res = await checkOut(buyer!, { ...ADDRESS, paymentMethod: 'account' });
    expect(res.statusCode, res.body).toBe(201);
    const placed = CheckoutPlacedSchema.parse(res.json());
    const asked = await mailTo(t, boss!.email, 'Approval needed: Mailed Sander');
    expect(asked.text).toContain('above their spending limit, to be paid on account');
    expect((await mailTo(t, buyer!.email, 'Order received: Mailed Sander')).text).toContain(
      "waits for your company's approval",
    );
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/approvals/${placed.checkoutId}/approve`,
      headers: boss!.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await mailTo(t, buyer!.email, 'Order approved: Mailed Sander')).text).toContain(
      'invoiced to your company account',
    );
  });
});
