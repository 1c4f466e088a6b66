import { Link } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { COMPANY_FOUNDED_YEAR } from '../../../shared/constants.ts';
import { pageRoutes } from '../../../shared/page-routes.ts';

interface FooterColumn {
  title: string;
  links: readonly { to: string; label: string }[];
}

const columns: readonly FooterColumn[] = [
  { title: 'Products', links: [{ to: pageRoutes.allProducts.href(), label: 'All Products' }] },
  {
    title: 'Company',
    links: [
      { to: pageRoutes.about.href(), label: 'About Us' },
      { to: pageRoutes.contact.href(), label: 'Contact Us' },
      { to: pageRoutes.blogs.href(), label: 'Blog' },
      { to: pageRoutes.portfolio.href(), label: 'Portfolio' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: pageRoutes.terms.href(), label: 'Terms of Service' },
      { to: pageRoutes.privacy.href(), label: 'Privacy Policy' },
    ],
  },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="focus-ring-light bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-7xl gap-8 px-4 py-12 sm:footer-horizontal">
        <aside className="max-w-xs">
          <p className="flex items-center gap-2 text-xl font-bold">
            <img src={logoUrl} alt="" width={36} height={36} className="size-9" />
            Toolhouse
          </p>
          <p>Making power tools since {COMPANY_FOUNDED_YEAR}.</p>
        </aside>
        {columns.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2 id={`footer-${column.title.toLowerCase()}`} className="footer-title opacity-90">
              {column.title}
            </h2>
            {column.links.map((link) => (
              <Link key={link.to} to={link.to} className="link link-hover">
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <div className="border-t border-stone-600 px-4 py-5 text-center text-sm">
        <p>© {year} Toolhouse. All rights reserved.</p>
      </div>
    </footer>
  );
}
