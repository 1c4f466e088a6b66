import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Reads the file outbox (src/server/modules/mail/mailer.ts) for tests, the server's and the
// browser journeys' alike. Each file is a MIME message as nodemailer writes it: folded headers,
// encoded words in the subject, the text part quoted-printable. This reads just that much MIME.

export interface MailFile {
  /** Every address of the To header. */
  to: string[];
  subject: string;
  /** The text part, decoded, with LF line ends as the shop wrote it. */
  text: string;
  /** The header lines as written, unfolded (a forged header would show here). */
  headerLines: string[];
}

const MESSAGE_FILE = /\.eml$/;

/** Quoted-printable (RFC 2045) to text: soft line breaks joined, =XX bytes read as UTF-8. */
function fromQuotedPrintable(encoded: string): string {
  const joined = encoded.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header value with its encoded words (RFC 2047, Q or B, UTF-8) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : fromQuotedPrintable(data.replaceAll('_', ' ')),
    );
}

/** Splits a MIME entity into its unfolded header lines and its body. */
function entity(raw: string): {
  headerLines: string[];
  header: (name: string) => string;
  body: string;
} {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headerLines = head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const header = (name: string) =>
    headerLines
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  return { headerLines, header, body: end === -1 ? '' : raw.slice(end + 4) };
}

/** The decoded text/plain part of a message (a single part, or one of a multipart). */
function textPart(message: ReturnType<typeof entity>): string {
  const boundary = /boundary="?([^";]+)"?/i.exec(message.header('Content-Type'))?.[1];
  const parts = boundary
    ? message.body.split(`--${boundary}`).map((part) => entity(part.replace(/^\r\n/, '')))
    : [message];
  const text = parts.find((part) => /^text\/plain/i.test(part.header('Content-Type')));
  if (!text) return '';
  const body = text.body.replace(/\r\n$/, '');
  const encoding = text.header('Content-Transfer-Encoding').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? fromQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return decoded.replace(/\r\n/g, '\n');
}

/** One message file's recipients, subject and text. */
export function readMailFile(eml: string): MailFile {
  const message = entity(eml);
  return {
    to: message
      .header('To')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    subject: decodeWords(message.header('Subject')),
    text: textPart(message),
    headerLines: message.headerLines,
  };
}

/** Every message in an outbox folder, oldest first (none while the folder does not exist). */
export function mailFilesIn(folder: string): MailFile[] {
  let files: string[];
  try {
    files = readdirSync(folder)
      .filter((file) => MESSAGE_FILE.test(file))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => readMailFile(readFileSync(join(folder, file), 'utf8')));
}
