import { describe, expect, it } from 'vitest';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createTestCompany } from '../../testing/companies.ts';
import { checkOutOnAccount } from '../../testing/invoices.ts';
import { setUpWebhookReceiver } from '../../testing/webhook-receiver.ts';

// Issue 37: the invoice events as a receiver gets them from the app's outbox worker: subscribed
// in Webhooks, with the invoice as it stands at delivery.

const t = setUpAppWithAccounts({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
const receiver = setUpWebhookReceiver();

describe('invoice webhooks', () => {
  it('deliver invoice.issued and invoice.paid with the invoice as it stands', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: t.admin.headers,
      payload: { url: receiver.url, events: ['invoice.issued', 'invoice.paid'] },
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
    const issued = await receiver.until(
      (event) => event.type === 'invoice.issued' && event.data.invoiceId === id,
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
    const event = await receiver.until(
      (one) => one.type === 'invoice.paid' && one.data.invoiceId === id,
    );
    expect(event.data.invoice).toMatchObject({ status: 'paid', paid: 42, due: 0 });
    expect(receiver.received.filter((one) => one.data.invoiceId === id)).toHaveLength(2);
  });
});
