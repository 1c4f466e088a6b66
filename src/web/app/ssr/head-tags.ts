// The <head> of a server-rendered page: React 19 emits a page's <title> and <meta> first in its
// HTML; they move to <head>, joined by the tags derived from them (canonical, Open Graph).

const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

export interface SplitHtml {
  /** The title, meta and link tags React emitted for <head>. */
  hoisted: string;
  /** The rest: the page itself. */
  body: string;
}

export function splitHoistables(html: string): SplitHtml {
  const hoisted = LEADING_HOISTABLES.exec(html)?.[0] ?? '';
  return { hoisted, body: html.slice(hoisted.length) };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Undoes React's escaping of a text or an attribute value. */
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function titleOf(hoisted: string): string {
  return unescapeHtml(/<title>([^<]*)<\/title>/.exec(hoisted)?.[1] ?? '');
}

export function descriptionOf(hoisted: string): string {
  return unescapeHtml(/<meta name="description" content="([^"]*)"\/>/.exec(hoisted)?.[1] ?? '');
}

/** Canonical URL and Open Graph tags, from the page's own title and description. */
export function shareTags({
  url,
  title,
  description,
  imageUrl,
}: {
  url: string;
  title: string;
  description: string;
  imageUrl: string;
}): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeAttribute(content)}"/>`;
  return [
    `<link rel="canonical" href="${escapeAttribute(url)}"/>`,
    meta('og:type', 'website'),
    meta('og:site_name', 'Toolhouse'),
    meta('og:title', title),
    ...(description ? [meta('og:description', description)] : []),
    meta('og:url', url),
    meta('og:image', imageUrl),
  ].join('');
}
