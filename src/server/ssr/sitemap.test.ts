import { describe, expect, it } from 'vitest';
import { pageNames, pageRoutes } from '../../shared/page-routes.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

describe('robots.txt', () => {
  it('is the same text as before the pages became records, with quick order (issue 34) and invitations (issue 37)', () => {
    expect(robotsTxt('https://shop.example')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /purchase/',
        'Disallow: /basket',
        'Disallow: /checkout',
        'Disallow: /quickOrder',
        'Disallow: /invitations/',
        '',
        'Sitemap: https://shop.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it("disallows every page whose record says `disallow`, and no other page's address", () => {
    const rules = robotsTxt('https://shop.example')
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    for (const name of pageNames) {
      const record = pageRoutes[name];
      const address = record.href({
        id: 'o1',
        productId: 'p1',
        slug: 'drills',
        companyId: 'c1',
        invitationId: 'i1',
      });
      const disallowed = rules.some((rule) => address.startsWith(rule));
      expect({ name, disallowed }).toEqual({ name, disallowed: record.indexing === 'disallow' });
    }
  });
});

describe('sitemap.xml', () => {
  it('lists the paths and instances it is given, never a pattern', () => {
    const xml = sitemapXml('https://shop.example', ['/', '/category/:slug'], [], ['/category/a']);
    const locs = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(['https://shop.example/', 'https://shop.example/category/a']);
  });
});
