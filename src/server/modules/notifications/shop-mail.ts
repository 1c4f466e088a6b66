import { SHOP } from './shop-identity.ts';

/*
 * The shop's mail, in one look for every mail that has one (orders, after-sale, quotes): the
 * shop's name, the subject, paragraphs, an optional table of details, one button to the screen
 * the mail is about, and the shop's address; and the same content as plain text.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

export interface ShopMailContent {
  subject: string;
  /** The paragraphs, in order. */
  lines: string[];
  /** Label and value rows under the paragraphs (none: no table). */
  details?: [string, string][];
  /** The screen the mail is about, and its button's label. */
  link: string;
  linkLabel: string;
  /** A link out of the shop before it (a parcel's tracking page), as a button too. */
  firstLink?: { href: string; label: string };
}

const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="background:${SHOP.primary};color:${SHOP.primaryContent};padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a>`;

export function renderShopMail({
  subject,
  lines,
  details = [],
  link,
  linkLabel,
  firstLink,
}: ShopMailContent): { subject: string; text: string; html: string } {
  const footer = `${SHOP.name}, ${SHOP.addressLines.join(', ')}`;
  const text = [
    SHOP.name,
    '',
    ...lines,
    '',
    ...(details.length > 0 ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(firstLink ? [`${firstLink.label}: ${firstLink.href}`] : []),
    `${linkLabel}: ${link}`,
    '',
    footer,
  ].join('\n');
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#57534e;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const table =
    details.length > 0
      ? `\n<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">${rows}</table>`
      : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${SHOP.primary};color:${SHOP.primaryContent};padding:16px 24px;font-size:20px;font-weight:bold">${SHOP.name}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n')}${table}
<p style="margin:24px 0">${firstLink ? `${button(firstLink.href, firstLink.label)} ` : ''}${button(link, linkLabel)}</p>
</td></tr>
<tr><td style="padding:16px 24px;color:#78716c;font-size:12px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject, text, html };
}
