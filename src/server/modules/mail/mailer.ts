import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

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

/** The configuration mail reads (SMTP_URL, MAIL_FROM, DATA_DIR; config.ts parses it; ADR 046). */
export interface MailConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
}

export const mailConfigOf = (config: MailConfig): MailConfig => ({
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  dataDir: config.dataDir,
});

export const outboxFolder = (dataDir: string) => join(dataDir, 'outbox');

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes one file in DATA_DIR/outbox, so a shop
 * without a mail server still delivers its links to whoever runs it. The file is the message as
 * SMTP would carry it (`.eml`, RFC 5322, opened by any mail client), built by nodemailer: headers
 * are encoded the same way, so no value (a subject with a line break) can add a header (ADR 021).
 */
export function createMailer(config: MailConfig, log: (message: string) => void): Mailer {
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
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  // Made once (and again should it vanish): not once per message.
  let made: Promise<unknown> | undefined;
  return {
    async send(message) {
      const { to, subject } = message;
      const composed = await composer.sendMail({ from: config.mailFrom, ...message });
      made ??= mkdir(folder, { recursive: true, mode: 0o700 });
      await made;
      const file = join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      // Written aside, then renamed: a reader never sees half a message.
      await writeFile(`${file}.part`, composed.message, { mode: 0o600 }).catch(async (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        made = mkdir(folder, { recursive: true, mode: 0o700 });
        await made;
        await writeFile(`${file}.part`, composed.message, { mode: 0o600 });
      });
      await rename(`${file}.part`, file);
      log(`Mail "${subject}" to ${to} written to ${file}`);
    },
  };
}
