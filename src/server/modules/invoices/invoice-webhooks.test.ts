import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createTestCompany } from '../../testing/companies.ts';
import { checkOutOnAccount } from '../../testing/invoices.ts';

// Issue 37: the invoice events as a receiver gets them from the app's outbox worker: subscribed
// in Webhooks, with the invoice as it stands at delivery.

const t = setUpAppWithAccounts({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
let receiver: Server;
let hookUrl: string;
const received: { id: string; type: string; data: Record<string, unknown> }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number]);
      res.end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise((done) => receiver.close(done)));

async function until<T>(find: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('not delivered in time');
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('invoice webhooks', () => {
  it('deliver invoice.issued and invoice.paid with the invoice as it stands', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: t.admin.headers,
      payload: { url: hookUrl, events: ['invoice.issued', 'invoice.paid'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const company = await createTestCompany(t, {
      name: 'Hooked Builders',
      members: { buyer: { role: 'buyer' } },
      credit: { status: 'approved', limitCents: 1_000_000 },
    });
    const placed = await checkOutOnAccount(t, company.members.buyer!, {
      priceCents: 4_200,
      poReference: 'PO-HOOK',
    });
    const { id } = placed.invoice;
    const issued = await until(() =>
      received.find((event) => event.type === 'invoice.issued' && event.data.invoiceId === id),
    );
    expect(issued.id).toBe(`invoice.issued:${id}`);
    expect(issued.data.invoice).toMatchObject({
      number: placed.invoice.number,
      companyId: company.id,
      companyName: 'Hooked Builders',
      checkoutId: placed.checkoutId,
      poReference: 'PO-HOOK',
      amount: 42,
      paid: 0,
      due: 42,
      status: 'open',
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/payments`,
      headers: t.admin.headers,
      payload: { amount: 42 },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const event = await until(() =>
      received.find((one) => one.type === 'invoice.paid' && one.data.invoiceId === id),
    );
    expect(event.data.invoice).toMatchObject({ status: 'paid', paid: 42, due: 0 });
    expect(received.filter((one) => one.data.invoiceId === id)).toHaveLength(2);
  });
});
