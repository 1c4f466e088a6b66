import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { DashboardMenuButton } from '../../features/dashboard/components/dashboard-menu-button.tsx';
import { LineIcon } from '../../components/line-icon.tsx';
import { useAuth } from '../../lib/auth/session.ts';
import { useSignOut } from '../../lib/auth/use-sign-out.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
// Its type only: the component itself is imported once the page is live (BasketNavItem).
import type { BasketLineCounter } from '../../features/basket/components/basket-line-counter.tsx';
import { CategoriesNavItem } from './categories-nav-item.tsx';
import { basketNavItem, dashboardNavItem, primaryNavItems, type NavItem } from './nav-items.ts';
import { pageOf, pageRoutes } from '../../../shared/page-routes.ts';

const MENU_ID = 'main-menu';

/** The link for the page being shown; /home is the same page as /. */
function isCurrentPath(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (to === pageRoutes.home.href()) return pageOf(pathname)?.name === 'home';
  return path === to.toLowerCase() || path.startsWith(`${to.toLowerCase()}/`);
}

function NavItemLink({
  item,
  pathname,
  onNavigate,
  badge,
}: {
  item: NavItem;
  pathname: string;
  onNavigate: () => void;
  /** A number after the label, and the link's accessible name in words ("Basket, 2 lines"). */
  badge?: { count: number; name: string } | undefined;
}) {
  const current = isCurrentPath(item.to, pathname);
  return (
    <li>
      <Link
        to={item.to}
        aria-current={current ? 'page' : undefined}
        aria-label={badge?.name}
        className={`flex items-center gap-2 rounded-field px-3 py-2 font-medium hover:bg-white/10 ${current ? 'text-primary underline decoration-2 underline-offset-8' : ''}`}
        onClick={onNavigate}
      >
        {item.label}
        {badge && (
          <span className="badge badge-sm badge-primary" aria-hidden="true">
            {badge.count}
          </span>
        )}
      </Link>
    </li>
  );
}

/**
 * Basket, for everyone, with its number of lines. An empty or not yet known basket shows no
 * number: the server-rendered navbar (an empty basket) is the same for every visitor. What counts
 * the lines (the visitor's stored basket, the customer's basket query) is imported once the page
 * is live, so the first load does not carry it (docs/decisions/017).
 */
function BasketNavItem({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const [Counter, setCounter] = useState<typeof BasketLineCounter>();
  const [count, setCount] = useState<number>();
  useEffect(() => {
    let live = true;
    import('../../features/basket/components/basket-line-counter.tsx').then(
      (module) => {
        if (live) setCounter(() => module.BasketLineCounter);
      },
      // Not loaded (offline, a new release): the link stays, without its number.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const badge =
    count === undefined || count === 0
      ? undefined
      : { count, name: `${basketNavItem.label}, ${count} ${count === 1 ? 'line' : 'lines'}` };
  return (
    <>
      <NavItemLink item={basketNavItem} pathname={pathname} onNavigate={onNavigate} badge={badge} />
      {Counter && <Counter onCount={setCount} />}
    </>
  );
}

const accountButtonClass = 'btn btn-primary w-full lg:ms-2 lg:w-auto';

/**
 * Login, or Dashboard and Sign Out, from the session. While a stored session is being checked
 * neither shows (the loading bar runs instead), so the navbar never claims the wrong state.
 */
function AccountNav({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const { status } = useAuth();
  const signOut = useSignOut();

  if (status === 'loading') return null;
  if (status === 'signedOut') {
    return (
      <li>
        <Link to={pageRoutes.login.href()} className={accountButtonClass} onClick={onNavigate}>
          Login
        </Link>
      </li>
    );
  }

  return (
    <>
      <NavItemLink item={dashboardNavItem} pathname={pathname} onNavigate={onNavigate} />
      <li>
        <button
          type="button"
          className={accountButtonClass}
          onClick={() => {
            onNavigate();
            void signOut(pageRoutes.home.alias);
          }}
        >
          Sign Out
        </button>
      </li>
    </>
  );
}

export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { status } = useAuth();
  const closeMenu = () => setMenuOpen(false);
  // Server-rendered: the menu button says it does nothing until the page is live.
  const inactive = !useHydrated() || undefined;
  const onDashboard = status === 'signedIn' && isCurrentPath(dashboardNavItem.to, pathname);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      closeMenu();
      menuButton.current?.focus();
    }
  };

  return (
    <header className="focus-ring-light bg-neutral text-neutral-content shadow-md">
      <nav
        aria-label="Main"
        className="navbar mx-auto max-w-7xl flex-wrap px-4"
        onKeyDown={onKeyDown}
      >
        {onDashboard && <DashboardMenuButton />}
        <Link
          to={pageRoutes.home.href()}
          className="flex items-center gap-2 rounded-field px-2 py-1 text-xl font-bold"
          onClick={closeMenu}
        >
          <img src={logoUrl} alt="" width={36} height={36} className="size-9" />
          Toolhouse
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="ms-auto rounded-field p-2 hover:bg-white/10 lg:hidden"
          aria-label="Open menu"
          aria-disabled={inactive}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <LineIcon>
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </LineIcon>
        </button>
        <ul
          id={MENU_ID}
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-1 pt-2 pb-3 lg:ms-auto lg:flex lg:w-auto lg:flex-row lg:items-center lg:p-0`}
        >
          {primaryNavItems.map((item) => (
            <NavItemLink key={item.to} item={item} pathname={pathname} onNavigate={closeMenu} />
          ))}
          <CategoriesNavItem onNavigate={closeMenu} />
          <BasketNavItem pathname={pathname} onNavigate={closeMenu} />
          <AccountNav pathname={pathname} onNavigate={closeMenu} />
        </ul>
      </nav>
    </header>
  );
}
