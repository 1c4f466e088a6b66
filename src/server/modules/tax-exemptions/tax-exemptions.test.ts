import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_TYPE_MESSAGE,
  EXEMPTION_PENDING_MESSAGE,
  REJECT_REASON_REQUIRED_MESSAGE,
  VAT_NUMBER_PREFIX_MESSAGE,
  exemptionReviewedMessage,
  type TaxExemption,
} from '../../../shared/tax-exemption.ts';
import { auditLog, taxExemption, user } from '../../db/schema.ts';
import { readOutbox, signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { signUpWithRole } from '../../testing/staff.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { approvedExemption } from './index.ts';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAdmin(t);
});
afterAll(() => t.close());

/** A small but complete PDF: header, one empty page, cross-reference table, end-of-file marker. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

/** A multipart/form-data body built by hand, so each test controls name, type and bytes. */
function multipart(data: Buffer, filename: string, type: string, field = 'certificate') {
  const boundary = `----toolhouse${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (
  who: SignedIn,
  data: Buffer,
  { filename = 'resale.pdf', type = 'application/pdf', field = 'certificate' } = {},
) => {
  const body = multipart(data, filename, type, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/tax-exemptions',
    payload: body.payload,
    headers: { ...body.headers, ...who.headers },
  });
};
const sendVat = (who: SignedIn, vatNumber: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/tax-exemptions',
    headers: who.headers,
    payload: { vatNumber },
  });
const post = (url: string, who: SignedIn, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });
const get = (url: string, who: SignedIn) => t.app.inject({ url, headers: who.headers });

async function storedRequests(userId?: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(taxExemption)
    .where(userId ? eq(taxExemption.userId, userId) : undefined);
  return row!.n;
}
async function userIdOf(who: SignedIn): Promise<string> {
  const [row] = await t.database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, who.email));
  return row!.id;
}

async function mailTo(email: string, subject: string) {
  return vi.waitFor(
    () => {
      const mail = readOutbox(t, email).find((m) => m.subject === subject);
      if (!mail) throw new Error(`no mail "${subject}" yet`);
      return mail;
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe('sending a certificate', () => {
  it('stores a PDF as uploaded, typed by its bytes, pending review', async () => {
    const buyer = await signUp(t.app);
    const res = await upload(buyer, PDF, { filename: '../../scans/resale CA.pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const made: TaxExemption = res.json();
    expect(made).toMatchObject({
      kind: 'certificate',
      status: 'pending',
      customerEmail: buyer.email,
      documentName: 'resale CA.pdf',
      documentType: 'application/pdf',
      documentBytes: PDF.length,
      vatNumber: null,
      note: null,
    });
    const mine = (await get('/api/tax-exemptions/mine', buyer)).json() as TaxExemption[];
    expect(mine.map((x) => x._id)).toEqual([made._id]);

    const document = await get(`/api/admin/tax-exemptions/${made._id}/document`, admin);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toContain(
      'attachment; filename="resale CA.pdf"',
    );
    expect(document.headers['x-content-type-options']).toBe('nosniff');
    expect(document.rawPayload.equals(PDF)).toBe(true);
  });

  it('takes an image sharp decodes, whatever type the client claims', async () => {
    const buyer = await signUp(t.app);
    const png = await sharp({
      create: { width: 60, height: 40, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const res = await upload(buyer, png, { filename: 'scan.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ documentType: 'image/png', documentName: 'scan.pdf' });
  });

  it.each([
    ['a text file named .pdf', Buffer.from('This is my resale certificate, honest.\n')],
    ['a PDF header over anything else', Buffer.from('%PDF-1.7\n<html><script>x</script></html>')],
    ['a cut-off PDF', PDF.subarray(0, PDF.length - 8)],
    ['an HTML page', Buffer.from('<!doctype html><html><body>hi</body></html>')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')],
    [
      'a PNG signature over garbage',
      Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(200)]),
    ],
  ])('refuses %s (415), storing nothing', async (_label, bytes) => {
    const buyer = await signUp(t.app);
    const res = await upload(buyer, bytes, { type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: CERTIFICATE_TYPE_MESSAGE,
    });
    expect(await storedRequests(await userIdOf(buyer))).toBe(0);
  });

  it('refuses a PNG truncated after its header (it does not decode)', async () => {
    const buyer = await signUp(t.app);
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#123456' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const res = await upload(buyer, png.subarray(0, 2000), { type: 'image/png' });
    expect(res.statusCode, res.body).toBe(415);
  });

  it('refuses a file over 5 MB (413), an empty one and a missing one (400)', async () => {
    const buyer = await signUp(t.app);
    const big = await upload(buyer, Buffer.concat([PDF, randomBytes(CERTIFICATE_MAX_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect((await upload(buyer, Buffer.alloc(0))).statusCode).toBe(400);
    const wrongField = await upload(buyer, PDF, { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toHaveProperty('certificate');
    expect(await storedRequests(await userIdOf(buyer))).toBe(0);
  });
});

describe('giving a VAT number', () => {
  it.each([
    ['DE123456789', 'DE123456789', 'DE'],
    ['de 123 456-789', 'DE123456789', 'DE'],
    ['FR 12 345678901', 'FR12345678901', 'FR'],
    ['NL123456789B01', 'NL123456789B01', 'NL'],
    ['ATU12345678', 'ATU12345678', 'AT'],
    ['GR123456789', 'EL123456789', 'GR'],
    ['GB123456789', 'GB123456789', 'GB'],
    ['IE1234567WA', 'IE1234567WA', 'IE'],
  ])('accepts %s as %s (%s)', async (given, written, country) => {
    const buyer = await signUp(t.app);
    const res = await sendVat(buyer, given);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'vat_number',
      vatNumber: written,
      country,
      status: 'pending',
      documentName: null,
    });
  });

  it.each([
    ['DE12345678', 'That is not a VAT number of Germany: it looks like DE123456789.'],
    ['ATU1234567', 'That is not a VAT number of Austria: it looks like ATU12345678.'],
    [
      'NL123456789C01',
      'That is not a VAT number of the Netherlands: it looks like NL123456789B01.',
    ],
    ['US123456789', VAT_NUMBER_PREFIX_MESSAGE],
    ['123456789', VAT_NUMBER_PREFIX_MESSAGE],
    ['', 'VAT number is required'],
  ])('refuses %s with a message for the field (400)', async (given, message) => {
    const buyer = await signUp(t.app);
    const res = await sendVat(buyer, given);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ vatNumber: message });
    expect(await storedRequests(await userIdOf(buyer))).toBe(0);
  });

  it('refuses a request with neither a file nor a VAT number (400)', async () => {
    const buyer = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tax-exemptions',
      headers: buyer.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('one request at a time, seen by its customer only', () => {
  it('a second request while one waits is a 409; the first stays', async () => {
    const buyer = await signUp(t.app);
    expect((await sendVat(buyer, 'DE123456789')).statusCode).toBe(201);
    const again = await upload(buyer, PDF);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EXEMPTION_PENDING_MESSAGE);
    expect(await storedRequests(await userIdOf(buyer))).toBe(1);
  });

  it('a customer sees only their own requests, and none of the staff routes', async () => {
    const buyer = await signUp(t.app);
    const other = await signUp(t.app);
    const made: TaxExemption = (await upload(buyer, PDF)).json();
    expect((await get('/api/tax-exemptions/mine', other)).json()).toEqual([]);
    for (const [method, url] of [
      ['GET', '/api/admin/tax-exemptions'],
      ['GET', `/api/admin/tax-exemptions/${made._id}/document`],
      ['POST', `/api/admin/tax-exemptions/${made._id}/approve`],
      ['POST', `/api/admin/tax-exemptions/${made._id}/reject`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.headers, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/tax-exemptions/mine' })).statusCode).toBe(401);
  });

  it('staff without admin.other (warehouse, catalogue) are refused the staff routes', async () => {
    const buyer = await signUp(t.app);
    const made: TaxExemption = (await sendVat(buyer, 'DK12345678')).json();
    for (const role of ['warehouse', 'catalogue'] as const) {
      const staff = await signUpWithRole(t, role);
      expect((await get('/api/admin/tax-exemptions', staff)).statusCode).toBe(403);
      expect((await post(`/api/admin/tax-exemptions/${made._id}/approve`, staff)).statusCode).toBe(
        403,
      );
    }
    const [row] = await t.database.db
      .select({ status: taxExemption.status })
      .from(taxExemption)
      .where(eq(taxExemption.id, made._id));
    expect(row!.status).toBe('pending');
  });
});

describe('staff decide', () => {
  it('lists pending requests; a VAT number has no document (404); unknown ids are 404', async () => {
    const buyer = await signUp(t.app);
    const made: TaxExemption = (await sendVat(buyer, 'PL1234567890')).json();
    const pending = (await get('/api/admin/tax-exemptions?status=pending', admin)).json();
    expect(pending.map((x: TaxExemption) => x._id)).toContain(made._id);
    expect(pending.every((x: TaxExemption) => x.status === 'pending')).toBe(true);
    expect((await get(`/api/admin/tax-exemptions/${made._id}/document`, admin)).statusCode).toBe(
      404,
    );
    expect((await get('/api/admin/tax-exemptions/not-an-id/document', admin)).statusCode).toBe(404);
    expect((await post('/api/admin/tax-exemptions/not-an-id/approve', admin)).statusCode).toBe(404);
    expect((await get('/api/admin/tax-exemptions?status=nonsense', admin)).statusCode).toBe(400);
  });

  it('approve: in force at once (the pricing step reads it), audited, the customer mailed', async () => {
    const buyer = await signUp(t.app);
    const userId = await userIdOf(buyer);
    expect(await approvedExemption(t.database.db, userId)).toBeNull();
    const made: TaxExemption = (await sendVat(buyer, 'DE 123 456 789')).json();
    // Pending is not in force.
    expect(await approvedExemption(t.database.db, userId)).toBeNull();

    const res = await post(`/api/admin/tax-exemptions/${made._id}/approve`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      note: 'Reverse charge: VAT number DE123456789',
    });
    expect(await approvedExemption(t.database.db, userId)).toEqual({
      kind: 'vat_number',
      note: 'Reverse charge: VAT number DE123456789',
      country: 'DE',
    });
    const again = await post(`/api/admin/tax-exemptions/${made._id}/approve`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(exemptionReviewedMessage('approved'));

    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tax-exemption.approve'), eq(auditLog.targetId, made._id)));
    expect(audited).toMatchObject({
      actorEmail: admin.email,
      targetType: 'tax-exemption',
      after: { status: 'approved' },
    });
    const mail = await mailTo(buyer.email, 'Your tax exemption was approved');
    expect(mail.text).toContain('We approved your VAT number DE123456789.');
    expect(mail.text).toContain('Reverse charge: VAT number DE123456789');
  });

  it('a newer approved exemption replaces the one in force', async () => {
    const buyer = await signUp(t.app);
    const userId = await userIdOf(buyer);
    const first: TaxExemption = (await sendVat(buyer, 'ATU12345678')).json();
    expect((await post(`/api/admin/tax-exemptions/${first._id}/approve`, admin)).statusCode).toBe(
      200,
    );
    const second: TaxExemption = (await upload(buyer, PDF)).json();
    expect(second.status).toBe('pending');
    // While the new one waits, the old one stays in force.
    expect((await approvedExemption(t.database.db, userId))?.kind).toBe('vat_number');
    expect((await post(`/api/admin/tax-exemptions/${second._id}/approve`, admin)).statusCode).toBe(
      200,
    );
    const day = new Date().toISOString().slice(0, 10);
    expect(await approvedExemption(t.database.db, userId)).toEqual({
      kind: 'certificate',
      note: `Tax exempt: resale certificate on file (approved ${day})`,
      country: null,
    });
    const mine = (await get('/api/tax-exemptions/mine', buyer)).json() as TaxExemption[];
    expect(mine.map((x) => [x._id, x.status])).toEqual([
      [second._id, 'approved'],
      [first._id, 'replaced'],
    ]);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tax-exemption.approve'), eq(auditLog.targetId, second._id)));
    expect(audited!.after).toEqual({ status: 'approved', replaced: [first._id] });
  });

  it('reject: needs a reason, told to the customer, who may then send another', async () => {
    const buyer = await signUp(t.app);
    const made: TaxExemption = (await upload(buyer, PDF, { filename: 'cert.pdf' })).json();
    const bare = await post(`/api/admin/tax-exemptions/${made._id}/reject`, admin, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({ reason: REJECT_REASON_REQUIRED_MESSAGE });

    const res = await post(`/api/admin/tax-exemptions/${made._id}/reject`, admin, {
      reason: 'The certificate has expired',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      reason: 'The certificate has expired',
      note: null,
    });
    expect(await approvedExemption(t.database.db, await userIdOf(buyer))).toBeNull();
    const approve = await post(`/api/admin/tax-exemptions/${made._id}/approve`, admin);
    expect(approve.statusCode).toBe(409);

    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tax-exemption.reject'), eq(auditLog.targetId, made._id)));
    expect(audited!.after).toEqual({ status: 'rejected', reason: 'The certificate has expired' });
    const mail = await mailTo(buyer.email, 'Your tax exemption was not approved');
    expect(mail.text).toContain('We could not approve your exemption certificate (cert.pdf).');
    expect(mail.text).toContain('Reason: The certificate has expired');

    expect((await sendVat(buyer, 'SE123456789001')).statusCode).toBe(201);
  });
});
