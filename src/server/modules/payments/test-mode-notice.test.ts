import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_MODE_NOTICE } from '../../../shared/payment.ts';
import { PublicConfigSchema } from '../../../shared/public-config.ts';
import { readOutbox, signUp, type SignedIn } from '../../testing/accounts.ts';
import { payWithTestCard } from '../../testing/aftersale.ts';
import type { MailFile } from '../../testing/mail-files.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

// PAYMENT_PROVIDER=test where production defaults apply (a public PUBLIC_URL, no NODE_ENV): the
// shop says "Test mode: no real payments" on every page, in every order mail and on the receipt.
// On a developer's loopback shop the test processor is the default and nothing changes.

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /></head>
<body><div id="root"></div></body></html>`;

let webRoot: string;
beforeAll(() => {
  webRoot = mkdtempSync(join(tmpdir(), 'toolhouse-test-mode-'));
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const PAGES = ['/', '/allProducts', '/dashboard/myOrders', '/no/such/page'];

async function pdfText(payload: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(payload), standardFontDataUrl }).promise;
  const text = (await (await pdf.getPage(1)).getTextContent()).items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ');
  await pdf.destroy();
  return text;
}

async function mailTo(t: TestApp, to: string, subject: RegExp): Promise<MailFile> {
  return vi.waitFor(
    () => {
      const mail = readOutbox(t, to).find((m) => subject.test(m.subject));
      if (!mail) throw new Error(`no mail ${subject} to ${to} yet`);
      return mail;
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe('PAYMENT_PROVIDER=test on a public PUBLIC_URL', () => {
  let t: TestApp;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp({
      webRoot,
      env: { PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'test' },
    });
    customer = await signUp(t.app, { name: 'Tess Tester' });
  });
  afterAll(() => t?.close());

  it('tells the browser', async () => {
    const config = PublicConfigSchema.parse((await t.app.inject('/api/config')).json());
    expect(config).toMatchObject({ payments: { provider: 'test' }, testModeNotice: true });
  });

  it.each(PAGES)('%s shows the banner first in the body, as a status region', async (path) => {
    const res = await t.app.inject(path);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(
      `<body><div role="status" class="test-mode-banner">${TEST_MODE_NOTICE}</div><div id="root">`,
    );
  });

  it('every order mail and the receipt say so', async () => {
    const { order } = await placeTestOrder(t, customer, {
      product: { name: 'Test Mode Drill' },
      address: '9 Anvil Road',
    });
    const placed = await mailTo(t, customer.email, /^Order received: Test Mode Drill$/);
    expect(placed.text).toContain(TEST_MODE_NOTICE);

    await payWithTestCard(t, customer, order);
    const paid = await mailTo(t, customer.email, /^Payment received: Test Mode Drill$/);
    expect(paid.text).toContain(TEST_MODE_NOTICE);

    const receipt = await t.app.inject({
      url: `/api/purchase/${order._id}/receipt`,
      headers: customer.headers,
    });
    expect(receipt.statusCode).toBe(200);
    expect(await pdfText(receipt.rawPayload)).toContain(TEST_MODE_NOTICE);
  });
});

describe('the test processor on a loopback PUBLIC_URL (development)', () => {
  let t: TestApp;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp({ webRoot });
    customer = await signUp(t.app, { name: 'Dev Tester' });
  });
  afterAll(() => t?.close());

  it('shows no banner and mails no notice', async () => {
    const config = PublicConfigSchema.parse((await t.app.inject('/api/config')).json());
    expect(config).toMatchObject({ payments: { provider: 'test' }, testModeNotice: false });
    for (const path of PAGES) expect((await t.app.inject(path)).body).not.toContain('test-mode');
    await placeTestOrder(t, customer, { product: { name: 'Dev Drill' } });
    const placed = await mailTo(t, customer.email, /^Order received: Dev Drill$/);
    expect(placed.text).not.toContain(TEST_MODE_NOTICE);
  });
});
