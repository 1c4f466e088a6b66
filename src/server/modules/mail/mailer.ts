import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';

export interface MailMessage {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to the text (order mails have both). */
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const outboxFolder = (dataDir: string) => join(dataDir, 'outbox');

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes one file in DATA_DIR/outbox (recipient,
 * subject and text), so a shop without a mail server still delivers its links to whoever runs it.
 */
export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: (message: string) => void,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log(`Mail "${message.subject}" sent to ${message.to}`);
      },
    };
  }
  const folder = outboxFolder(config.dataDir);
  return {
    async send({ to, subject, text, html }) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const base = join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`,
      );
      const file = `${base}.txt`;
      const content = `From: ${config.mailFrom}\nTo: ${to}\nSubject: ${subject}\nDate: ${new Date().toUTCString()}\n\n${text}\n`;
      // The HTML part first: the .txt file appearing is the sign that the mail is complete.
      if (html) await writeFile(`${base}.html`, html, { mode: 0o600 });
      await writeFile(file, content, { mode: 0o600 });
      log(`Mail "${subject}" to ${to} written to ${file}`);
    },
  };
}
