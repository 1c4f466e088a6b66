import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { mailFilesIn, readMailFile } from '../../testing/mail-files.ts';
import { renderOrderMail, type OrderMailFacts } from '../purchases/order-mails.ts';
import { composeMessage, createMailer, outboxFolder } from './mailer.ts';
import { textAndHtmlComposer } from './mime-message.ts';

// The file outbox (no SMTP_URL) writes each mail as a message file (.eml) built by nodemailer, so
// a value with a line break cannot add a header, whatever reached the mail (ADR 021).

const FORGED = '\r\nBcc: thief@example.com\nX-Forged: yes';

function fileOutbox() {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-mailer-'));
  const mailer = createMailer(
    { smtpUrl: undefined, mailFrom: 'Toolhouse <no-reply@toolhouse.localhost>', dataDir },
    () => {},
  );
  return { mailer, folder: outboxFolder(dataDir) };
}

const names = (headerLines: string[]) => headerLines.map((line) => line.split(':')[0]);

describe('file outbox', () => {
  it('writes a message a mail client opens: encoded headers, the text part, the HTML part', async () => {
    const { mailer, folder } = fileOutbox();
    const link = 'http://localhost:3000/reset-password/abc?callbackURL=%2Freset&x=1';
    await mailer.send({
      to: 'zoe@example.com, ann@example.com',
      subject: 'Ihre Bestellung: Schlagbohrmaschine für Zoë',
      text: `Hello Zoë,\n\n${'A long line. '.repeat(10)}\n${link}\n`,
      html: '<p>Hello Zoë</p>',
    });
    expect(readdirSync(folder)).toEqual([expect.stringMatching(/\.eml$/)]);
    const [mail] = mailFilesIn(folder);
    expect(mail).toMatchObject({
      to: ['zoe@example.com', 'ann@example.com'],
      subject: 'Ihre Bestellung: Schlagbohrmaschine für Zoë',
      text: `Hello Zoë,\n\n${'A long line. '.repeat(10)}\n${link}\n`,
    });
    expect(names(mail!.headerLines)).toEqual([
      'From',
      'To',
      'Subject',
      'Message-ID',
      'Date',
      'MIME-Version',
      'Content-Type',
    ]);
    const raw = readFileSync(join(folder, readdirSync(folder)[0]!), 'latin1');
    expect(raw).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(raw).not.toMatch(/[^\r]\n/);
  });

  it('lets no field add a header: not the subject, not the text, not the HTML', async () => {
    const { mailer, folder } = fileOutbox();
    await mailer.send({
      to: 'zoe@example.com',
      subject: `Order received: Drill${FORGED}`,
      text: `Hello${FORGED}\n\nBcc: thief@example.com`,
      html: `<p>Hello${FORGED}</p>`,
    });
    const [mail] = mailFilesIn(folder);
    expect(names(mail!.headerLines)).not.toContain('Bcc');
    expect(names(mail!.headerLines)).not.toContain('X-Forged');
    expect(mail!.to).toEqual(['zoe@example.com']);
    // The subject stays one header, its line breaks made spaces.
    expect(mail!.subject).toMatch(
      /^Order received: Drill\s+Bcc: thief@example.com\s+X-Forged: yes$/,
    );
  });

  it('an order mail for a product whose stored name has a line break adds no header', async () => {
    const { mailer, folder } = fileOutbox();
    const purchaseId = '00000000-0000-4000-8000-000000000001';
    const order: OrderMailFacts = {
      reference: `C-1${FORGED}`,
      poReference: `PO-7${FORGED}`,
      lines: [{ productName: `Drill${FORGED}`, quantity: 1, unitPriceCents: 100, totalCents: 100 }],
      customerName: `Mia${FORGED}`,
      address: `9 Anvil Road${FORGED}`,
      phone: `555${FORGED}`,
      holdExpiresAt: null,
      transactionId: null,
      receiptNumber: null,
      testMode: true,
      card: null,
    };
    for (const audience of ['customer', 'admins'] as const) {
      const rendered = renderOrderMail(
        { template: 'order.placed', purchaseId, audience },
        order,
        'http://localhost:3000',
      );
      await mailer.send({ to: 'zoe@example.com', ...rendered });
    }
    for (const mail of mailFilesIn(folder)) {
      expect(names(mail.headerLines)).not.toContain('Bcc');
      expect(names(mail.headerLines)).not.toContain('X-Forged');
    }
  });

  it('reads a message of a single text part too', () => {
    const eml = [
      'To: a@example.com',
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?= =?UTF-8?B?IGF1cyBLw7Zsbg==?=',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'A soft=',
      ' break and =3D sign',
      '',
    ].join('\r\n');
    expect(readMailFile(eml)).toMatchObject({
      to: ['a@example.com'],
      subject: 'Grüße aus Köln',
      text: 'A soft break and = sign',
    });
  });

  it("composes the very bytes nodemailer's stream transport wrote (issue 38: composed cheaper)", async () => {
    const from = 'Toolhouse <no-reply@toolhouse.localhost>';
    const transport = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'windows',
    });
    // Each composition has its own Message-ID, Date and boundary: the rest is the same.
    const same = (raw: Buffer) =>
      raw
        .toString('latin1')
        .replace(/^Message-ID: .*$/m, 'Message-ID: x')
        .replace(/^Date: .*$/m, 'Date: x')
        .replaceAll(/--_NmP-[0-9a-f]+-Part_1/g, 'boundary');
    const order = renderOrderMail(
      { template: 'order.placed', purchaseId: 'o1', audience: 'customer' },
      {
        reference: 'C-12',
        poReference: null,
        lines: [
          {
            productName: 'Schlagbohrmaschine für Zoë',
            quantity: 2,
            unitPriceCents: 9900,
            totalCents: 19800,
          },
        ],
        customerName: 'Zoë',
        address: '1 Straße',
        phone: '555',
        holdExpiresAt: new Date('2026-12-01T10:00:00Z'),
        transactionId: null,
        receiptNumber: null,
        testMode: true,
        card: null,
      },
      'http://localhost:3000',
    );
    for (const message of [
      { to: 'zoe@example.com, ann@example.com', ...order },
      {
        to: 'zoe@example.com',
        subject: `Order received: Drill${FORGED}`,
        text: `Hi${FORGED}\n`,
        html: `<p>${FORGED}</p>`,
      },
      { to: 'ann@example.com', subject: 'Plain', text: 'short\nlines\n' },
    ]) {
      const composed = await composeMessage(from, message);
      const written = (await transport.sendMail({ from, ...message })).message as Buffer;
      expect(same(composed)).toBe(same(written));
      expect(composed.toString('latin1')).not.toMatch(/[^\r]\n/);
    }
  });

  it("composes a text and HTML mail in one pass into nodemailer's very bytes (issue 38)", async () => {
    const from = 'Toolhouse Shop <no-reply@toolhouse.localhost>';
    const compose = textAndHtmlComposer(from);
    const same = (raw: Buffer) =>
      raw
        .toString('latin1')
        .replace(
          /^Message-ID: <[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@toolhouse\.localhost>$/m,
          'Message-ID: x',
        )
        .replace(
          /^Date: [A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d \+0000$/m,
          'Date: x',
        )
        .replaceAll(/--_NmP-[0-9a-f]{16}-Part_1/g, 'boundary');
    const order = renderOrderMail(
      { template: 'order.paid', checkoutId: 'c1', audience: 'admins' },
      {
        reference: 'C-7',
        poReference: 'PO "Zoë" <7>',
        lines: [
          {
            productName: 'Schlagbohrmaschine für Zoë',
            sku: 'SB-18',
            variantLabel: '18V · Kit',
            quantity: 2,
            unitPriceCents: 9900,
            totalCents: 19800,
            taxCents: 1200,
          },
          { productName: 'Drill', quantity: 1, unitPriceCents: 100, totalCents: 100 },
        ],
        customerName: 'Zoë Ångström',
        address: '1 Straße, 10115 Berlin',
        phone: '555',
        holdExpiresAt: null,
        transactionId: 'pi_123',
        receiptNumber: 42,
        testMode: true,
        card: { brand: 'visa', last4: '4242' },
      },
      'http://localhost:3000',
      { testModeNotice: true },
    );
    const long = 'A long line with = signs and\ttabs. '.repeat(6);
    const messages = [
      { to: 'ops@example.com, zoe@example.com', ...order },
      {
        to: '"Zoë Ångström" <zoe@example.com>',
        subject: 'Grüße 🎉',
        text: 'Hi ✓\n',
        html: '<p>✓</p>',
      },
      {
        to: 'zoe@example.com',
        subject: `Order received: Drill${FORGED}`,
        text: `Hi${FORGED}\n`,
        html: `<p>${FORGED}</p>`,
      },
      {
        to: 'ann@example.com',
        subject: 'x'.repeat(90),
        text: `${long}\n${'y'.repeat(75)}\n${'z'.repeat(77)} \n  \nend  `,
        html: `${long}\r\n<p>=</p>`,
      },
      {
        to: 'ann@example.com',
        subject: 'Ends',
        text: 'trailing space \nand tab\t\n\n',
        html: '<p>a</p>\n',
      },
      { to: 'ann@example.com', subject: 'Plain', text: 'short\nlines', html: '<p>short</p>' },
    ];
    for (const message of messages) {
      const composed = compose(message);
      expect(composed, message.subject).not.toBeNull();
      expect(same(composed!), message.subject).toBe(same(await composeMessage(from, message)));
    }
    // Mostly not Latin (nodemailer would send base64), or no HTML: left to nodemailer.
    expect(
      compose({
        to: 'a@example.com',
        subject: 'ok',
        text: 'ご注文ありがとうございます',
        html: '<p>ok</p>',
      }),
    ).toBeNull();
    expect(compose({ to: 'a@example.com', subject: 'ok', text: 'text only' })).toBeNull();
  });
});
