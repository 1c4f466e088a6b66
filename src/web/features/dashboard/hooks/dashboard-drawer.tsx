import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

// The dashboard's sidebar is a drawer on small screens, toggled from the navbar (spec section 2):
// the navbar's button and the dashboard's drawer share this state through the layout.

export const DASHBOARD_DRAWER_ID = 'dashboard-drawer';
export const DASHBOARD_SIDEBAR_ID = 'dashboard-sidebar';
export const DASHBOARD_MENU_BUTTON_ID = 'dashboard-menu-button';

interface DashboardDrawer {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const DashboardDrawerContext = createContext<DashboardDrawer | null>(null);

export function DashboardDrawerProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Open on the page where it was opened: any navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const value = useMemo(
    () => ({ open, setOpen: (next: boolean) => setOpenOn(next ? pathname : null) }),
    [open, pathname],
  );
  return <DashboardDrawerContext value={value}>{children}</DashboardDrawerContext>;
}

export function useDashboardDrawer(): DashboardDrawer {
  const drawer = useContext(DashboardDrawerContext);
  if (!drawer) throw new Error('useDashboardDrawer needs a DashboardDrawerProvider above it');
  return drawer;
}
