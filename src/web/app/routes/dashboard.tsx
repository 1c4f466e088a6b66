import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout.tsx';

/** The dashboard's frame; each screen inside names the page itself. */
export default function DashboardRoute() {
  return <DashboardLayout />;
}
