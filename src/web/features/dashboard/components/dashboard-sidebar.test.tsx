import { describe, expect, it } from 'vitest';
import { pageOf, pageRoutes, type PageRecord } from '../../../../shared/page-routes.ts';
import { permissionsOf, type MyPermissions } from '../../../../shared/permissions.ts';
import { customerLinks, staffLinksFor } from './dashboard-sidebar.tsx';

const as = (role: string): MyPermissions => ({
  role,
  permissions: [...permissionsOf(role)],
  twoFactorEnabled: true,
  twoFactorRequired: false,
  sessionCodeRequired: false,
});

const pairs = (links: readonly { to: string; label: string }[]) =>
  links.map((link) => [link.to, link.label]);

describe('the dashboard sidebar, from the route table', () => {
  it("gives customers the signed-in pages' links, in the order they always had", () => {
    expect(pairs(customerLinks)).toEqual([
      ['/dashboard', 'My Profile'],
      ['/dashboard/myOrders', 'My Orders'],
      ['/dashboard/addReview', 'Add Review'],
      ['/dashboard/myQuotes', 'My Quotes'],
      ['/quickOrder', 'Quick Order'],
      ['/dashboard/company', 'Company'],
    ]);
  });

  it("gives an admin every staff page's link, in the order they always had", () => {
    expect(pairs(staffLinksFor(as('admin')))).toEqual([
      ['/dashboard', 'My Profile'],
      ['/dashboard/overview', 'Overview'],
      ['/dashboard/manageAllOrders', 'Manage All Orders'],
      ['/dashboard/addProduct', 'Add a Product'],
      ['/dashboard/makeAdmin', 'Make Admin'],
      ['/dashboard/manageProducts', 'Manage Products'],
      ['/dashboard/manageCategories', 'Categories'],
      ['/dashboard/manageReviews', 'Manage Reviews'],
      ['/dashboard/siteSpeed', 'Site Speed'],
      ['/dashboard/importProducts', 'Import Products'],
      ['/dashboard/webhooks', 'Webhooks'],
      ['/dashboard/returns', 'Returns'],
      ['/dashboard/recalls', 'Recalls'],
      ['/dashboard/warranty', 'Warranty'],
      ['/dashboard/quotes', 'Quotes'],
      ['/dashboard/auditLog', 'Audit Log'],
      ['/dashboard/taxExemptions', 'Tax Exemptions'],
      ['/dashboard/shipping', 'Shipping'],
      ['/dashboard/taxes', 'Taxes'],
      ['/dashboard/promotions', 'Promotions'],
      ['/dashboard/companies', 'Companies'],
      ['/dashboard/priceLists', 'Price Lists'],
      ['/dashboard/manageInvoices', 'Invoices'],
    ]);
  });

  it('gives another role the links of the pages its permissions open', () => {
    expect(pairs(staffLinksFor(as('warehouse')))).toEqual([
      ['/dashboard', 'My Profile'],
      ['/dashboard/manageAllOrders', 'Manage All Orders'],
      ['/dashboard/returns', 'Returns'],
    ]);
  });

  it("labels each link as its page's record does: its sidebar label, else its title", () => {
    for (const link of [...customerLinks, ...staffLinksFor(as('admin'))]) {
      const name = pageOf(link.to)?.name;
      expect(name).toBeDefined();
      if (!name) continue;
      const record: PageRecord = pageRoutes[name];
      const placement = record.navigation?.find((p) => p.menu === 'sidebar');
      expect(placement).toBeDefined();
      expect(placement?.label ?? record.title).toBe(link.label);
    }
  });
});
