import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import {
  DASHBOARD_DRAWER_ID,
  DASHBOARD_MENU_BUTTON_ID,
  DASHBOARD_SIDEBAR_ID,
  useDashboardDrawer,
} from '../hooks/dashboard-drawer.tsx';
import { DashboardSidebar } from './dashboard-sidebar.tsx';

/**
 * The dashboard: a sidebar beside the screen on large screens; on small ones a drawer that the
 * navbar's "Open dashboard menu" button opens (daisyUI drawer, driven by shared state).
 */
export function DashboardLayout() {
  const { open, setOpen } = useDashboardDrawer();
  const close = () => setOpen(false);

  // While open (small screens), Escape closes it from wherever the focus is.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(DASHBOARD_MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, setOpen]);

  return (
    <div className="drawer mx-auto max-w-7xl lg:drawer-open">
      <input
        id={DASHBOARD_DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content px-4 py-10 lg:px-10">
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        {/* A label may not carry aria-label (axe: aria-prohibited-attr): its text names it. */}
        <label htmlFor={DASHBOARD_DRAWER_ID} className="drawer-overlay">
          <span className="sr-only">Close dashboard menu</span>
        </label>
        <nav
          id={DASHBOARD_SIDEBAR_ID}
          aria-label="Dashboard"
          className="min-h-full w-64 border-e border-base-300 bg-base-200 px-3 py-8"
        >
          <DashboardSidebar onNavigate={close} />
        </nav>
      </div>
    </div>
  );
}
