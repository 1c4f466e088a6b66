import { disallowedPagePaths } from '../../shared/page-routes.ts';
import type { Product } from '../../shared/product.ts';

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * sitemap.xml: every page the route table lists for it (`indexing: 'sitemap'`), and on /allProducts every product's image (Google's image
 * extension), so what search engines index follows the live catalogue.
 */
export function sitemapXml(
  publicUrl: string,
  paths: readonly string[],
  products: Product[],
  /** Pages of a pattern's instances (issue 24: /category/<slug>); patterns themselves are left out. */
  morePaths: readonly string[] = [],
) {
  const urls = [...paths.filter((path) => !path.includes(':')), ...morePaths].map((path) => {
    const images =
      path === '/allProducts'
        ? products.map(
            (product) =>
              `<image:image><image:loc>${escapeXml(new URL(product.img, `${publicUrl}/`).href)}</image:loc></image:image>`,
          )
        : [];
    return `<url><loc>${escapeXml(publicUrl + path)}</loc>${images.join('')}</url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
    'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

/**
 * robots.txt: everything public may be crawled; the API and the pages the route table disallows
 * (the product pages, the basket, checkout and the dashboard) may not.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...disallowedPagePaths().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
