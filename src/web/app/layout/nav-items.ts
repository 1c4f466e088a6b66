import { pageLinksIn } from '../../../shared/page-routes.ts';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * Links everyone sees: the route table's `navbar` pages, in their order. Account links (Login, or
 * Dashboard and Sign Out) live in AccountNav.
 */
export const primaryNavItems: readonly NavItem[] = pageLinksIn('navbar').map((link) => ({
  to: link.to,
  label: link.label,
}));

/** The account link of page `page` (its record's `account` placement). */
function accountItem(page: 'dashboard' | 'basket'): NavItem {
  const link = pageLinksIn('account').find((candidate) => candidate.page === page);
  if (!link) throw new Error(`The route table gives ${page} no account link`);
  return { to: link.to, label: link.label };
}

/** Shown to signed-in users only (spec section 2). */
export const dashboardNavItem: NavItem = accountItem('dashboard');

/** Everyone's basket: a visitor's in this browser, a customer's on the server (issue 22). */
export const basketNavItem: NavItem = accountItem('basket');
