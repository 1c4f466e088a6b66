import { randomBytes } from 'node:crypto';
import { foldLines, hasLongerLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import { encode as encodeQuotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';

/*
 * Issue 38: a mail of text and HTML (every order mail) composed in one pass, into the very bytes
 * nodemailer's composer writes for it (mailer.test.ts compares the two on forged, non-ASCII and
 * long-lined mails), with nodemailer's own encoders: each header value encoded by MimeNode's
 * encodeHeaderValue (addresses parsed and encoded, any other value's line breaks made spaces and
 * non-ASCII made encoded words: no value can add a header, ADR 021) and folded at 76, each part
 * 7bit or quoted-printable as nodemailer chooses. Its composer builds the same through streams,
 * a pipeline and a tree of nodes per message: about half the worker's CPU per mail. What this
 * does not compose (a part nodemailer would send base64, a mail without HTML) it leaves to
 * nodemailer: `null`.
 */

export interface TextAndHtml {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** How nodemailer sends a text part: '7bit', 'quoted-printable', or null (base64: not here). */
function transferEncodingOf(content: string): '7bit' | 'quoted-printable' | null {
  if (isPlainText(content) && !hasLongerLines(content, 76)) return '7bit';
  // MimeNode#_getTextEncoding: more Latin letters than 8-bit and control characters: Q, else B.
  let other = 0;
  let latin = 0;
  for (let i = 0; i < content.length; i += 1) {
    const code = content.charCodeAt(i);
    if (
      code <= 0x08 ||
      code === 0x0b ||
      code === 0x0c ||
      (code >= 0x0e && code <= 0x1f) ||
      code >= 0x80
    )
      other += 1;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin += 1;
  }
  return other < latin ? 'quoted-printable' : null;
}

const part = (contentType: string, content: string, encoding: '7bit' | 'quoted-printable') =>
  `Content-Type: ${contentType}\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${
    encoding === '7bit' ? content : wrapQuotedPrintable(encodeQuotedPrintable(content), 76)
  }`;

/** LeWindows: every line break CRLF (a lone LF becomes CRLF; CRLF and a lone CR stay). */
const crlf = (text: string) => text.replace(/(?<!\r)\n/g, '\r\n');

/**
 * A composer for mails from `from` (its header encoded once): the message's bytes, or null when
 * nodemailer has to compose it (see above).
 */
export function textAndHtmlComposer(from: string): (message: TextAndHtml) => Buffer | null {
  const headers = new MimeNode();
  headers.setHeader('From', from);
  const fromLine = foldLines(`From: ${headers.encodeHeaderValue('From', from)}`, 76);
  // MimeNode#_generateMessageId: the domain of the From address.
  const domain = (headers.getEnvelope().from || 'localhost').split('@').pop() ?? 'localhost';
  return ({ to, subject, text, html }) => {
    if (html === undefined) return null;
    const textEncoding = transferEncodingOf(text);
    const htmlEncoding = transferEncodingOf(html);
    if (!textEncoding || !htmlEncoding) return null;
    const id = randomBytes(16).toString('hex');
    const messageId = `<${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${randomBytes(6).toString('hex')}@${domain}>`;
    const boundary = `--_NmP-${randomBytes(8).toString('hex')}-Part_1`;
    const head = [
      fromLine,
      foldLines(`To: ${headers.encodeHeaderValue('To', to)}`, 76),
      foldLines(`Subject: ${headers.encodeHeaderValue('Subject', subject)}`, 76),
      `Message-ID: ${messageId}`,
      `Date: ${new Date().toUTCString().replace(/GMT/, '+0000')}`,
      'MIME-Version: 1.0',
      foldLines(`Content-Type: multipart/alternative; boundary="${boundary}"`, 76),
    ].join('\r\n');
    return Buffer.from(
      crlf(
        `${head}\r\n\r\n--${boundary}\r\n${part('text/plain; charset=utf-8', text, textEncoding)}` +
          `\r\n--${boundary}\r\n${part('text/html; charset=utf-8', html, htmlEncoding)}` +
          `\r\n--${boundary}--\r\n`,
      ),
      'utf8',
    );
  };
}
