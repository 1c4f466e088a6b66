import { describe, expect, it } from 'vitest';
import {
  disallowedPagePaths,
  pageLinksIn,
  pageNames,
  pageOf,
  pageRoutes,
  permissionOf,
  sitemapPagePaths,
} from './page-routes.ts';

describe('pageRoutes', () => {
  it('builds links with their parameters encoded', () => {
    expect(pageRoutes.allProducts.href()).toBe('/allProducts');
    expect(pageRoutes.purchase.href({ productId: 'a/b c' })).toBe('/purchase/a%2Fb%20c');
    expect(pageRoutes.editProduct.href({ productId: 'p1' })).toBe(
      '/dashboard/manageProducts/p1/edit',
    );
  });

  it('finds the page of a path as the router does: any case, a trailing slash, the alias', () => {
    expect(pageOf('/home')).toEqual({ name: 'home', pattern: '/home' });
    expect(pageOf('/ALLPRODUCTS/')).toEqual({ name: 'allProducts', pattern: '/allProducts' });
    expect(pageOf('/dashboard/payment/o1')).toEqual({
      name: 'payment',
      pattern: '/dashboard/payment/:id',
    });
    expect(pageOf('/dashboard/payment')).toBeUndefined();
  });
});

describe('what the records derive', () => {
  const records = pageNames.map((name) => ({ name, ...pageRoutes[name] }));

  it('lists in the sitemap exactly the pages whose record says so (a pattern: by its instances)', () => {
    const listed = records
      .filter((record) => record.indexing === 'sitemap' && !record.path.includes(':'))
      .map((record) => record.path);
    expect(sitemapPagePaths()).toEqual(listed);
    // Today's sitemap, kept.
    expect(sitemapPagePaths()).toEqual([
      '/',
      '/allProducts',
      '/blogs',
      '/about',
      '/portfolio',
      '/contact',
      '/terms',
      '/privacy',
      '/login',
      '/register',
    ]);
  });

  it('disallows to crawlers exactly the pages whose record says so, with no rule twice', () => {
    // Today's robots.txt rules, in their order.
    expect(disallowedPagePaths()).toEqual([
      '/dashboard',
      '/purchase/',
      '/basket',
      '/checkout',
      '/quickOrder',
      '/invitations/',
    ]);
    const covered = (path: string) => disallowedPagePaths().some((rule) => path.startsWith(rule));
    for (const record of records) {
      const sample = record.href({
        id: 'x',
        productId: 'x',
        slug: 'x',
        companyId: 'x',
        invitationId: 'x',
      });
      expect([record.name, covered(sample)]).toEqual([record.name, record.indexing === 'disallow']);
    }
  });

  it('asks each staff page for the permission it has always needed', () => {
    const staffPages = Object.fromEntries(
      pageNames.flatMap((name) => {
        const permission = permissionOf(name);
        return permission ? [[name, permission]] : [];
      }),
    );
    expect(staffPages).toEqual({
      manageAllOrders: 'orders.view',
      addProduct: 'catalogue.manage',
      makeAdmin: 'users.manage',
      manageProducts: 'catalogue.manage',
      editProduct: 'catalogue.manage',
      manageReviews: 'reviews.moderate',
      overview: 'admin.other',
      siteSpeed: 'admin.other',
      importProducts: 'catalogue.manage',
      webhooks: 'admin.other',
      returns: 'orders.view',
      recalls: 'admin.other',
      warranty: 'admin.other',
      quotes: 'admin.other',
      manageCategories: 'catalogue.manage',
      auditLog: 'audit.view',
      taxExemptions: 'admin.other',
      shipping: 'admin.other',
      taxes: 'admin.other',
      promotions: 'catalogue.manage',
      manageInvoices: 'admin.other',
      companies: 'admin.other',
      priceLists: 'admin.other',
    });
  });

  it('links each page from the menus its record names, in its order', () => {
    expect(pageLinksIn('navbar').map((link) => [link.to, link.label])).toEqual([
      ['/', 'Home'],
      ['/allProducts', 'All Products'],
      ['/blogs', 'Blogs'],
      ['/portfolio', 'Portfolio'],
      ['/contact', 'Contact Us'],
    ]);
    expect(pageLinksIn('account').map((link) => [link.page, link.label])).toEqual([
      ['dashboard', 'Dashboard'],
      ['basket', 'Basket'],
    ]);
    const sidebar = pageLinksIn('sidebar');
    const orders = sidebar.map((link) => link.placement.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const record of records) {
      const placed = (record.navigation ?? []).filter((placement) => placement.menu === 'sidebar');
      expect(
        sidebar.filter((link) => link.page === record.name).map((link) => link.placement),
      ).toEqual(placed);
    }
  });
});
