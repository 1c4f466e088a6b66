import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { textAndHtmlComposer } from './mime-message.ts';

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
 * The message as SMTP would carry it (RFC 5322, CRLF line ends), composed by nodemailer's own
 * composer (MailComposer: the transport's composition without its plugins, streams and pipeline;
 * issue 38: half the cost per mail) into the same bytes the stream transport wrote: headers
 * encoded the same way, so no value (a subject with a line break) can add a header (ADR 021).
 */
export function composeMessage(from: string, message: MailMessage): Promise<Buffer> {
  const root = new MailComposer({ from, ...message }).compile();
  root.newline = 'windows';
  return root.build();
}

/** A message file's name: when it was written, and 8 random hex digits. */
const messageFileName = () =>
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

/**
 * Writes `bytes` to `file`: aside first, then renamed, so a reader never sees half a message.
 * Synchronous (issue 38): a small file into the page cache costs less than the thread-pool round
 * trips of the promise API (open, write, close, rename: each a hop), and the worker does nothing
 * else meanwhile.
 */
function writeMessageFile(folder: string, file: string, bytes: Buffer): void {
  const part = `${file}.part`;
  try {
    writeFileSync(part, bytes, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // The folder vanished (or was never made): made again.
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(part, bytes, { mode: 0o600 });
  }
  renameSync(part, file);
}

/**
 * SMTP when SMTP_URL is set; otherwise every message becomes one file in DATA_DIR/outbox, so a shop
 * without a mail server still delivers its links to whoever runs it. The file is the message as
 * SMTP would carry it (`.eml`, RFC 5322, opened by any mail client): a mail of text and HTML
 * composed in one pass with nodemailer's encoders (mime-message.ts), any other by nodemailer's
 * composer (composeMessage), the same bytes either way.
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
  const compose = textAndHtmlComposer(config.mailFrom);
  // Made once (and again should it vanish): not once per message.
  let made = false;
  return {
    async send(message) {
      const composed = compose(message) ?? (await composeMessage(config.mailFrom, message));
      if (!made) mkdirSync(folder, { recursive: true, mode: 0o700 });
      made = true;
      const file = join(folder, messageFileName());
      writeMessageFile(folder, file, composed);
      log(`Mail "${message.subject}" to ${message.to} written to ${file}`);
    },
  };
}
