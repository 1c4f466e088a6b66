export interface NavItem {
  to: string;
  label: string;
}

/** Links everyone sees. Account links (Login now; Dashboard and Sign Out later) live in AccountNav. */
export const primaryNavItems: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/allProducts', label: 'All Products' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/contact', label: 'Contact Us' },
];
