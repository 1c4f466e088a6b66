import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { primaryNavItems } from './nav-items.ts';

const MENU_ID = 'main-menu';

/** The link for the page being shown; /home is the same page as /. */
function isCurrentPath(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (to === '/') return path === '/' || path === '/home';
  return path === to.toLowerCase() || path.startsWith(`${to.toLowerCase()}/`);
}

/** Login for now; with accounts this grows Dashboard and Sign Out, driven by the session. */
function AccountNav({ onNavigate }: { onNavigate: () => void }) {
  return (
    <li>
      <Link to="/login" className="btn btn-primary w-full lg:ms-2 lg:w-auto" onClick={onNavigate}>
        Login
      </Link>
    </li>
  );
}

export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const closeMenu = () => setMenuOpen(false);

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
        <Link
          to="/"
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
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <ul
          id={MENU_ID}
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-1 pt-2 pb-3 lg:ms-auto lg:flex lg:w-auto lg:flex-row lg:items-center lg:p-0`}
        >
          {primaryNavItems.map((item) => {
            const current = isCurrentPath(item.to, pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  className={`block rounded-field px-3 py-2 font-medium hover:bg-white/10 ${current ? 'text-primary underline decoration-2 underline-offset-8' : ''}`}
                  onClick={closeMenu}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
          <AccountNav onNavigate={closeMenu} />
        </ul>
      </nav>
    </header>
  );
}
