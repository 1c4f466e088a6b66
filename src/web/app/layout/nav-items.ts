import { paths } from '../../lib/paths.ts';

export interface NavItem {
  to: string;
  label: string;
}

/** Links everyone sees. Account links (Login, or Dashboard and Sign Out) live in AccountNav. */
export const primaryNavItems: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: paths.allProducts, label: 'All Products' },
  { to: paths.blogs, label: 'Blogs' },
  { to: paths.portfolio, label: 'Portfolio' },
  { to: paths.contact, label: 'Contact Us' },
];

/** Shown to signed-in users only (spec section 2). */
export const dashboardNavItem: NavItem = { to: paths.dashboard.profile, label: 'Dashboard' };

/** Everyone's basket: a visitor's in this browser, a customer's on the server (issue 22). */
export const basketNavItem: NavItem = { to: paths.basket, label: 'Basket' };
