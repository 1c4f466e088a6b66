import { pageRoutes } from '../../../shared/page-routes.ts';

export interface NavItem {
  to: string;
  label: string;
}

/** Links everyone sees. Account links (Login, or Dashboard and Sign Out) live in AccountNav. */
export const primaryNavItems: readonly NavItem[] = [
  { to: pageRoutes.home.href(), label: 'Home' },
  { to: pageRoutes.allProducts.href(), label: 'All Products' },
  { to: pageRoutes.blogs.href(), label: 'Blogs' },
  { to: pageRoutes.portfolio.href(), label: 'Portfolio' },
  { to: pageRoutes.contact.href(), label: 'Contact Us' },
];

/** Shown to signed-in users only (spec section 2). */
export const dashboardNavItem: NavItem = { to: pageRoutes.dashboard.href(), label: 'Dashboard' };

/** Everyone's basket: a visitor's in this browser, a customer's on the server (issue 22). */
export const basketNavItem: NavItem = { to: pageRoutes.basket.href(), label: 'Basket' };
