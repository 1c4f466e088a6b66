import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailFilesIn, readMailFile } from '../../testing/mail-files.ts';
import { renderOrderMail, type OrderMailFacts } from '../purchases/order-mails.ts';
import { createMailer, outboxFolder } from './mailer.ts';

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
});
