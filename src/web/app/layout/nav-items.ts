export interface NavItem {
  to: string;
  label: string;
}

/** Links everyone sees. Account links (Login, or Dashboard and Sign Out) live in AccountNav. */
export const primaryNavItems: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/allProducts', label: 'All Products' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/contact', label: 'Contact Us' },
];

/** Shown to signed-in users only (spec section 2). */
export const dashboardNavItem: NavItem = { to: '/dashboard', label: 'Dashboard' };
