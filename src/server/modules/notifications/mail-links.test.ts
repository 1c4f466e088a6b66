import { describe, expect, it, vi } from 'vitest';
import type * as PageRoutes from '../../../shared/page-routes.ts';
import type { Db } from '../../db/client.ts';
import { aftersaleMail } from '../aftersale/aftersale-mails.ts';
import { backInStockMail } from '../back-in-stock/back-in-stock.service.ts';
import { quoteMail } from '../quotes/quote-mails.ts';
import { renderOrderMail, type OrderMailFacts } from '../purchases/order-mails.ts';

// The mails link to pages through the route table's records: here the pages they link to are
// moved, and each mail follows its record.
vi.mock('../../../shared/page-routes.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PageRoutes>();
  const moved = (path: string) => () => path;
  return {
    ...actual,
    pageRoutes: {
      ...actual.pageRoutes,
      myOrders: { ...actual.pageRoutes.myOrders, href: moved('/moved/orders') },
      manageAllOrders: { ...actual.pageRoutes.manageAllOrders, href: moved('/moved/all-orders') },
      myQuotes: { ...actual.pageRoutes.myQuotes, href: moved('/moved/quotes') },
      quotes: { ...actual.pageRoutes.quotes, href: moved('/moved/all-quotes') },
      approvals: { ...actual.pageRoutes.approvals, href: moved('/moved/approvals') },
      purchase: {
        ...actual.pageRoutes.purchase,
        href: ({ productId }: { productId: string }) => `/moved/product/${productId}`,
      },
    },
  };
});

const URL = 'https://shop.example';

/** A database answering every `select … from … innerJoin … where` with `row`. */
const answering = (row: object) =>
  ({
    select: () => ({
      from: () => ({ innerJoin: () => ({ where: () => Promise.resolve([row]) }) }),
    }),
  }) as unknown as Db;

const order: OrderMailFacts = {
  reference: 'TH-1',
  poReference: null,
  lines: [{ productName: 'Drill', quantity: 1, unitPriceCents: 1000, totalCents: 1000 }],
  customerName: 'Ann',
  address: '1 Road',
  phone: '555',
  holdExpiresAt: null,
  transactionId: null,
  receiptNumber: null,
  testMode: false,
  card: null,
};

describe("the server's mail links, from the route table", () => {
  it("link an order's mail to My Orders or Manage All Orders by their records", () => {
    const job = { template: 'order.placed', purchaseId: 'o1' } as const;
    expect(renderOrderMail({ ...job, audience: 'customer' }, order, URL).text).toContain(
      `${URL}/moved/orders`,
    );
    expect(renderOrderMail({ ...job, audience: 'admins' }, order, URL).text).toContain(
      `${URL}/moved/all-orders`,
    );
  });

  it("link the approvers' mail to Approvals by its record (issue 37)", () => {
    const job = {
      template: 'order.approval_requested',
      checkoutId: 'c1',
      audience: 'approvers',
    } as const;
    const mail = renderOrderMail(job, order, URL);
    expect(mail.text).toContain(`${URL}/moved/approvals`);
    expect(mail.text).not.toContain(`${URL}/moved/orders`);
  });

  it("link a quote's mail to My Quotes by its record", async () => {
    const row = {
      number: 1,
      productName: 'Drill',
      quantity: 10,
      quotedPriceCents: 900,
      expiresAt: new Date('2026-01-01T00:00:00Z'),
      reply: 'ok',
      email: 'ann@example.com',
      name: 'Ann',
    };
    const mail = await quoteMail(
      answering(row),
      { quoteId: 'q1', event: 'quoted', audience: 'customer' },
      URL,
      [],
    );
    expect(mail?.text).toContain(`${URL}/moved/quotes`);
  });

  it("link a refund's mail to My Orders by its record", async () => {
    const row = {
      refund: { amountCents: 500, reason: 'Damaged', number: 7 },
      order: {
        customerEmail: 'ann@example.com',
        productName: 'Drill',
        quantity: 1,
        testMode: false,
      },
    };
    const mail = await aftersaleMail(answering(row), URL, { template: 'refund', refundId: 'r1' });
    expect(mail?.text).toContain(`${URL}/moved/orders`);
  });

  it("link a back-in-stock mail to the product's page by its record", async () => {
    const row = {
      email: 'ann@example.com',
      customer: 'Ann',
      productName: 'Drill',
      label: '',
      sku: 'TH-00001',
    };
    const mail = await backInStockMail(
      answering(row),
      { alertId: 'a1', userId: 'u1', productId: 'p1' },
      URL,
    );
    expect(mail?.text).toContain(`${URL}/moved/product/p1`);
  });
});
