import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  AgeingReportSchema,
  INVOICE_NOT_FOUND_MESSAGE,
  InvoiceListSchema,
  InvoiceSchema,
  PAYMENT_TOO_LARGE_MESSAGE,
  StatementSchema,
} from '../../../shared/invoices.ts';
import { auditLog, invoice, invoicePayment } from '../../db/schema.ts';
import { readOutbox } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { balanceOf, createTestCompany } from '../../testing/companies.ts';
import { checkOutOnAccount, invoiceWebhookEndpoint, outboxRows } from '../../testing/invoices.ts';
import { pdfText } from '../../testing/pdf-text.ts';

// Invoices of checkouts paid on account (issue 37, ADR 059): numbering, the mail and webhook issued
// with the checkout, payments, ageing, statement, PDF, CSV and who sees what.

const t = setUpAppWithAccounts();
const db = () => t.database.db;

const credit = { status: 'approved', limitCents: 10_000_000, termsDays: 30 } as const;

const pay = (id: string, payload: object, who = t.admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/invoices/${id}/payments`,
    headers: who.headers,
    payload,
  });

async function stored(id: string) {
  const [row] = await db().select().from(invoice).where(eq(invoice.id, id));
  return row!;
}

describe('issuing an invoice with a checkout on account', () => {
  it('numbers invoices INV-000001 style, unique and increasing across checkouts', async () => {
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' }, other: { role: 'buyer' } },
      credit,
    });
    const numbers: number[] = [];
    for (const who of ['buyer', 'other', 'buyer'] as const) {
      const placed = await checkOutOnAccount(t, company.members[who]!);
      expect(placed.invoice.number).toMatch(/^INV-\d{6}$/);
      numbers.push(Number(placed.invoice.number.slice(4)));
    }
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
    expect(numbers[2]).toBeGreaterThan(numbers[1]!);
    expect(new Set(numbers).size).toBe(3);
  });

  it('queues the invoice mail and the invoice.issued webhook once, with the checkout', async () => {
    const endpointId = await invoiceWebhookEndpoint(t);
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' }, boss: { role: 'admin' }, office: { role: 'approver' } },
      credit,
    });
    const placed = await checkOutOnAccount(t, company.members.buyer!, {
      priceCents: 12_345,
      poReference: 'PO-778',
    });
    const id = placed.invoice.id;
    const mails = await outboxRows(t, 'invoice-mail', id);
    expect(mails.map((row) => row.payload)).toEqual([
      { template: 'invoice.issued', invoiceId: id },
    ]);
    const hooks = await outboxRows(t, 'webhook', `${endpointId}:invoice.issued:${id}`);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.payload).toMatchObject({
      endpointId,
      event: 'invoice.issued',
      eventId: `invoice.issued:${id}`,
      data: { invoiceId: id },
    });
    // The mail as the outbox worker renders it: the buyer, the admin and the approver.
    const { invoiceMail } = await import('./invoice-mails.ts');
    const mail = await invoiceMail(
      db(),
      { template: 'invoice.issued', invoiceId: id },
      'https://shop',
    );
    expect(mail?.to.split(', ').sort()).toEqual(
      [
        company.members.buyer!.email,
        company.members.boss!.email,
        company.members.office!.email,
      ].sort(),
    );
    expect(mail?.subject).toContain(placed.invoice.number);
    expect(mail?.subject).toContain('$123.45');
    expect(mail?.subject).toContain('PO PO-778');
    expect(mail?.text).toContain('https://shop/dashboard/invoices');
    // The app's outbox worker sends it (the job is registered).
    const sent = await vi.waitFor(
      () => {
        const found = readOutbox(t, company.members.office!.email).find((m) =>
          m.subject.startsWith(`Invoice ${placed.invoice.number}:`),
        );
        if (!found) throw new Error('not sent yet');
        return found;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(sent.subject).toBe(mail?.subject);
  });
});

describe('recording payments', () => {
  it('takes a partial then the full payment: balance down exactly, paid once, invoice.paid once', async () => {
    const endpointId = await invoiceWebhookEndpoint(t);
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' }, boss: { role: 'admin' } },
      credit,
    });
    const placed = await checkOutOnAccount(t, company.members.buyer!, { priceCents: 10_000 });
    const id = placed.invoice.id;
    expect(await balanceOf(db(), company.id)).toBe(10_000);

    const partial = await pay(id, { amount: 40.25, reference: 'Wire 1', receivedOn: '2026-11-20' });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(InvoiceSchema.parse(partial.json())).toMatchObject({
      paid: 40.25,
      due: 59.75,
      status: 'open',
      paidAt: null,
      payments: [{ amount: 40.25, reference: 'Wire 1', receivedOn: '2026-11-20' }],
    });
    expect(await balanceOf(db(), company.id)).toBe(5_975);
    expect(await outboxRows(t, 'webhook', `${endpointId}:invoice.paid:${id}`)).toHaveLength(0);

    // More than is still owed: refused, and nothing changes.
    const over = await pay(id, { amount: 59.76 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: PAYMENT_TOO_LARGE_MESSAGE,
      fields: { amount: PAYMENT_TOO_LARGE_MESSAGE },
    });
    expect(await balanceOf(db(), company.id)).toBe(5_975);
    expect((await stored(id)).paidCents).toBe(4_025);

    const rest = await pay(id, { amount: 59.75, reference: 'Wire 2' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(InvoiceSchema.parse(rest.json())).toMatchObject({ paid: 100, due: 0, status: 'paid' });
    const row = await stored(id);
    expect(row).toMatchObject({ status: 'paid', paidCents: 10_000 });
    expect(row.paidAt).not.toBeNull();
    expect(await balanceOf(db(), company.id)).toBe(0);
    expect(await outboxRows(t, 'webhook', `${endpointId}:invoice.paid:${id}`)).toHaveLength(1);
    // Paid: any further amount is too much.
    expect((await pay(id, { amount: 0.01 })).statusCode).toBe(400);
    expect(await outboxRows(t, 'webhook', `${endpointId}:invoice.paid:${id}`)).toHaveLength(1);

    const payments = await db()
      .select()
      .from(invoicePayment)
      .where(eq(invoicePayment.invoiceId, id));
    expect(payments.map((p) => p.amountCents).sort()).toEqual([4_025, 5_975]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action)).toEqual(['invoice.payment', 'invoice.payment']);
    // Each payment told the company's admin.
    const mails = await outboxRows(t, 'invoice-mail', 'invoice-mail:payment:');
    expect(mails.filter((m) => (m.payload as { invoiceId: string }).invoiceId === id)).toHaveLength(
      2,
    );
  });

  it('lets exactly one of two parallel payments through when together they exceed what is owed', async () => {
    const company = await createTestCompany(t, { members: { buyer: { role: 'buyer' } }, credit });
    const placed = await checkOutOnAccount(t, company.members.buyer!, { priceCents: 10_000 });
    const id = placed.invoice.id;
    const answers = await Promise.all([pay(id, { amount: 60 }), pay(id, { amount: 70 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const row = await stored(id);
    const won = answers[0]!.statusCode === 201 ? 6_000 : 7_000;
    expect(row.paidCents).toBe(won);
    expect(await balanceOf(db(), company.id)).toBe(10_000 - won);
    const payments = await db()
      .select()
      .from(invoicePayment)
      .where(eq(invoicePayment.invoiceId, id));
    expect(payments).toHaveLength(1);
  });

  it('takes exactly what is owed from many parallel payments, refusing the rest with 400', async () => {
    const company = await createTestCompany(t, { members: { buyer: { role: 'buyer' } }, credit });
    const placed = await checkOutOnAccount(t, company.members.buyer!, { priceCents: 10_000 });
    const id = placed.invoice.id;
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(id, { amount: 30 })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      201, 201, 201, 400, 400, 400, 400, 400,
    ]);
    expect((await stored(id)).paidCents).toBe(9_000);
    expect(await balanceOf(db(), company.id)).toBe(1_000);
  });

  it('is for staff only, and an unknown invoice is 404', async () => {
    const company = await createTestCompany(t, { members: { boss: { role: 'admin' } }, credit });
    const res = await pay(
      '00000000-0000-4000-8000-000000000000',
      { amount: 1 },
      company.members.boss,
    );
    expect(res.statusCode).toBe(403);
    const unknown = await pay('00000000-0000-4000-8000-000000000000', { amount: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVOICE_NOT_FOUND_MESSAGE);
  });
});

/** Sets an invoice's due date `interval` before now (SQL interval text). */
const dueAgo = (id: string, interval: string) =>
  db().execute(sql`UPDATE invoice SET due_at = now() - ${interval}::interval WHERE id = ${id}`);

describe('ageing and the statement', () => {
  it('puts what is owed in buckets by days past due, at their edges', async () => {
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' }, boss: { role: 'approver' } },
      credit,
    });
    const buyer = company.members.buyer!;
    // Amounts in cents that add up distinctly: 1, 2, 4, 8, 16, 32, 64 dollars.
    const cases: [string | null, number][] = [
      [null, 100], // due in 30 days: current
      ['1 minute', 200], // just past due: 1–30
      ['30 days -1 minute', 400], // a minute short of 30 days: 1–30
      ['30 days 1 minute', 800], // 31–60
      ['60 days -1 minute', 1_600], // 31–60
      ['60 days 1 minute', 3_200], // over 60
      ['200 days', 6_400], // over 60
    ];
    for (const [ago, cents] of cases) {
      const placed = await checkOutOnAccount(t, buyer, { priceCents: cents });
      if (ago) await dueAgo(placed.invoice.id, ago);
    }
    const res = await t.app.inject({ url: '/api/invoices/ageing', headers: t.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const mine = AgeingReportSchema.parse(res.json()).companies.find(
      (c) => c.companyId === company.id,
    );
    expect(mine).toEqual({
      companyId: company.id,
      companyName: company.name,
      current: 1,
      days30: 6,
      days60: 24,
      days90: 96,
      total: 127,
    });

    const statement = await t.app.inject({
      url: `/api/companies/${company.id}/statement`,
      headers: company.members.boss!.headers,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const body = StatementSchema.parse(statement.json());
    expect(body).toMatchObject({
      companyId: company.id,
      creditLimit: 100_000,
      termsDays: 30,
      balance: 127,
      available: 100_000 - 127,
      overdue: 126,
      ageing: { current: 1, days30: 6, days60: 24, days90: 96, total: 127 },
    });
    expect(body.openInvoices).toHaveLength(7);
    expect(body.openInvoices.filter((i) => i.overdue)).toHaveLength(6);
    // A buyer of the company does not see its statement.
    const asBuyer = await t.app.inject({
      url: `/api/companies/${company.id}/statement`,
      headers: buyer.headers,
    });
    expect(asBuyer.statusCode).toBe(403);
  });
});

describe('the overdue sweep', () => {
  it('marks, mails and announces once; does nothing a second time; reminds again after 7 days', async () => {
    const endpointId = await invoiceWebhookEndpoint(t);
    const { sweepOverdueInvoices } = await import('./invoice-overdue.ts');
    const company = await createTestCompany(t, { members: { buyer: { role: 'buyer' } }, credit });
    const late = await checkOutOnAccount(t, company.members.buyer!);
    const onTime = await checkOutOnAccount(t, company.members.buyer!);
    await dueAgo(late.invoice.id, '1 day');
    const id = late.invoice.id;

    // Two instances at once: the invoice is marked and mailed by one of them.
    await Promise.all([sweepOverdueInvoices(db()), sweepOverdueInvoices(db())]);
    const marked = await stored(id);
    expect(marked.overdueAt).not.toBeNull();
    expect(marked.remindedAt).not.toBeNull();
    expect((await stored(onTime.invoice.id)).overdueAt).toBeNull();
    const overdueMails = async () => (await outboxRows(t, 'invoice-mail', `${id}:overdue:`)).length;
    expect(await overdueMails()).toBe(1);
    expect(await outboxRows(t, 'webhook', `${endpointId}:invoice.overdue:${id}`)).toHaveLength(1);

    await sweepOverdueInvoices(db());
    expect(await overdueMails()).toBe(1);
    expect((await stored(id)).remindedAt).toEqual(marked.remindedAt);

    // A week later, unpaid: reminded again, announced no more.
    await db().execute(
      sql`UPDATE invoice SET reminded_at = reminded_at - interval '7 days' WHERE id = ${id}`,
    );
    await sweepOverdueInvoices(db());
    expect(await overdueMails()).toBe(2);
    expect(await outboxRows(t, 'webhook', `${endpointId}:invoice.overdue:${id}`)).toHaveLength(1);
    expect((await stored(id)).overdueAt).toEqual(marked.overdueAt);

    // A paid invoice is never reminded.
    await db().execute(
      sql`UPDATE invoice SET reminded_at = reminded_at - interval '7 days' WHERE id = ${id}`,
    );
    expect((await pay(id, { amount: 100 })).statusCode).toBe(201);
    await sweepOverdueInvoices(db());
    expect(await overdueMails()).toBe(2);
  });
});

describe('the overdue sweep on several instances at once', () => {
  it('marks, mails and announces an overdue invoice once, even when they meet on its row', async () => {
    const endpointId = await invoiceWebhookEndpoint(t);
    const { sweepOverdueInvoices } = await import('./invoice-overdue.ts');
    const company = await createTestCompany(t, { members: { buyer: { role: 'buyer' } }, credit });
    const { id } = (await checkOutOnAccount(t, company.members.buyer!)).invoice;
    await dueAgo(id, '2 days');
    // A transaction holds the invoice's row (a payment being recorded) while two instances sweep.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM invoice WHERE id = ${id} FOR UPDATE`);
      taken();
      await held;
    });
    await lockTaken;
    const sweeps = [sweepOverdueInvoices(db()), sweepOverdueInvoices(db())];
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holder;
    await Promise.all(sweeps);
    await sweepOverdueInvoices(db());
    expect(await outboxRows(t, 'invoice-mail', `${id}:overdue:`)).toHaveLength(1);
    expect(await outboxRows(t, 'webhook', `${endpointId}:invoice.overdue:${id}`)).toHaveLength(1);
    expect((await stored(id)).overdueAt).not.toBeNull();
  });
});

describe('who sees which invoice', () => {
  it('shows a buyer their own, approvers the company’s, and another company’s as 404', async () => {
    const ours = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' }, mate: { role: 'buyer' }, boss: { role: 'approver' } },
      credit,
    });
    const theirs = await createTestCompany(t, { members: { buyer: { role: 'buyer' } }, credit });
    const mine = await checkOutOnAccount(t, ours.members.buyer!);
    const mates = await checkOutOnAccount(t, ours.members.mate!);
    const foreign = await checkOutOnAccount(t, theirs.members.buyer!);

    const list = async (who: { headers: Record<string, string> }, query = '') => {
      const res = await t.app.inject({ url: `/api/invoices${query}`, headers: who.headers });
      expect(res.statusCode, res.body).toBe(200);
      return InvoiceListSchema.parse(res.json()).invoices.map((i) => i.id);
    };
    expect(await list(ours.members.buyer!)).toEqual([mine.invoice.id]);
    expect((await list(ours.members.boss!)).sort()).toEqual(
      [mine.invoice.id, mates.invoice.id].sort(),
    );
    // A member's companyId is ignored: always their own company's.
    expect(await list(ours.members.buyer!, `?companyId=${theirs.id}`)).toEqual([mine.invoice.id]);
    expect(await list(t.customer)).toEqual([]);
    expect(await list(t.admin, `?companyId=${theirs.id}`)).toEqual([foreign.invoice.id]);

    for (const url of [
      `/api/invoices/${foreign.invoice.id}`,
      `/api/invoices/${foreign.invoice.id}/pdf`,
      `/api/companies/${theirs.id}/statement`,
    ]) {
      const res = await t.app.inject({ url, headers: ours.members.boss!.headers });
      expect(res.statusCode, url).toBe(404);
    }
    // A buyer does not see a colleague's invoice.
    const colleague = await t.app.inject({
      url: `/api/invoices/${mates.invoice.id}`,
      headers: ours.members.buyer!.headers,
    });
    expect(colleague.statusCode).toBe(404);
    expect(colleague.json().message).toBe(INVOICE_NOT_FOUND_MESSAGE);
    const own = await t.app.inject({
      url: `/api/invoices/${mine.invoice.id}`,
      headers: ours.members.buyer!.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(InvoiceSchema.parse(own.json()).orders).toHaveLength(1);
  });

  it('refuses the staff routes to customers and members', async () => {
    const company = await createTestCompany(t, { members: { boss: { role: 'admin' } }, credit });
    for (const url of ['/api/invoices/ageing', '/api/invoices.csv'])
      for (const who of [t.customer, company.members.boss!]) {
        const res = await t.app.inject({ url, headers: who.headers });
        expect(res.statusCode, url).toBe(403);
      }
  });
});

describe('the invoice’s PDF and the CSV', () => {
  it('prints the invoice with the company’s details, lines, totals and terms', async () => {
    const company = await createTestCompany(t, {
      name: 'Acme Builders',
      members: { buyer: { role: 'buyer' } },
      credit: { ...credit, termsDays: 45 },
    });
    await db().execute(sql`UPDATE company_account SET tax_number = 'DE123456789',
        billing_address = ${JSON.stringify({
          name: 'Accounts',
          company: 'Acme Builders',
          line1: '5 Ledger Lane',
          line2: '',
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
          country: 'US',
          phone: '',
        })}::jsonb
      WHERE organization_id = ${company.id}`);
    const placed = await checkOutOnAccount(t, company.members.buyer!, {
      priceCents: 5_000,
      quantity: 2,
      poReference: 'PO-PDF-1',
    });
    await pay(placed.invoice.id, { amount: 30 });
    const res = await t.app.inject({
      url: `/api/invoices/${placed.invoice.id}/pdf`,
      headers: company.members.buyer!.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    const row = await stored(placed.invoice.id);
    for (const piece of [
      `Invoice ${placed.invoice.number}`,
      `Issued: ${row.issuedAt.toISOString().slice(0, 10)}`,
      `Due date: ${row.dueAt.toISOString().slice(0, 10)}`,
      'Billed to: Acme Builders',
      'Tax number: DE123456789',
      '5 Ledger Lane, Austin, TX 78701, US',
      'PO reference: PO-PDF-1',
      '× 2',
      'Total: $100.00',
      'Paid: $30.00',
      'Amount due: $70.00',
      'Net 45',
    ])
      expect(text.replace(/\s+/g, ' ')).toContain(piece);
  });

  it('exports the invoices as CSV, by company and status', async () => {
    const company = await createTestCompany(t, {
      name: 'CSV Co',
      members: { buyer: { role: 'buyer' } },
      credit,
    });
    const first = await checkOutOnAccount(t, company.members.buyer!, {
      priceCents: 2_500,
      poReference: 'PO-CSV',
    });
    const second = await checkOutOnAccount(t, company.members.buyer!, { priceCents: 1_000 });
    await pay(second.invoice.id, { amount: 10 });
    await dueAgo(first.invoice.id, '3 days');
    const res = await t.app.inject({
      url: `/api/invoices.csv?companyId=${company.id}`,
      headers: t.admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Number,Company,Checkout,PO reference,Issued,Due date,Amount,Tax,Paid,Due,Status,Overdue',
    );
    const row = await stored(first.invoice.id);
    expect(lines.slice(1)).toEqual([
      `${first.invoice.number},CSV Co,${first.reference},PO-CSV,${row.issuedAt.toISOString().slice(0, 10)},${row.dueAt.toISOString().slice(0, 10)},25.00,${((row.taxCents ?? 0) / 100).toFixed(2)},0.00,25.00,open,yes`,
      expect.stringMatching(
        new RegExp(`^${second.invoice.number},CSV Co,.*,10\\.00,.*,10\\.00,0\\.00,paid,no$`),
      ),
    ]);
    const open = await t.app.inject({
      url: `/api/invoices.csv?companyId=${company.id}&status=overdue`,
      headers: t.admin.headers,
    });
    expect(open.body.trim().split('\r\n')).toHaveLength(2);
  });
});
