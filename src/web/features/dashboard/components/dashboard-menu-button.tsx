import { LineIcon } from '../../../components/line-icon.tsx';
import {
  DASHBOARD_MENU_BUTTON_ID,
  DASHBOARD_SIDEBAR_ID,
  useDashboardDrawer,
} from '../hooks/dashboard-drawer.tsx';

/** The navbar's toggle for the dashboard sidebar; small screens only (large ones keep it open). */
export function DashboardMenuButton() {
  const { open, setOpen } = useDashboardDrawer();
  return (
    <button
      id={DASHBOARD_MENU_BUTTON_ID}
      type="button"
      className="rounded-field p-2 hover:bg-white/10 lg:hidden"
      aria-label="Open dashboard menu"
      aria-expanded={open}
      aria-controls={DASHBOARD_SIDEBAR_ID}
      onClick={() => setOpen(!open)}
    >
      <LineIcon roundJoins>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M9 4v16" />
      </LineIcon>
    </button>
  );
}
