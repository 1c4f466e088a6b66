import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { pageRoutes } from '../../../shared/page-routes.ts';
// Its type only: the list (and the categories query) loads once the page is live.
import type { CategoriesMenu } from './categories-menu.tsx';

/**
 * Categories in the navbar, beside the spec's items (issue 24): a disclosure whose list of
 * categories is imported after hydration, so the first load does not carry it (ADR 017), and
 * asked of the API only when a visitor reaches for it (pointer, focus or opening), so a page's
 * load makes no API call.
 */
export function CategoriesNavItem({ onNavigate }: { onNavigate: () => void }) {
  const [Menu, setMenu] = useState<typeof CategoriesMenu>();
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    let live = true;
    import('./categories-menu.tsx').then(
      (module) => {
        if (live) setMenu(() => module.CategoriesMenu);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const close = () => {
    if (details.current) details.current.open = false;
    onNavigate();
  };
  return (
    <li>
      <details ref={details} className="group relative" onToggle={want}>
        <summary
          className="cursor-pointer rounded-field px-3 py-2 font-medium hover:bg-white/10"
          onPointerEnter={want}
          onFocus={want}
        >
          Categories
        </summary>
        <ul className="z-20 mt-1 flex flex-col gap-1 rounded-box bg-neutral p-2 lg:absolute lg:w-56 lg:shadow-lg">
          <li>
            <Link to={pageRoutes.allProducts.href()} onClick={close}>
              All categories
            </Link>
          </li>
          {Menu && wanted && <Menu onNavigate={close} />}
        </ul>
      </details>
    </li>
  );
}
