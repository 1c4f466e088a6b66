import { NavLink } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { mayOpen, usePermissions } from '../../../lib/auth/permissions.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { pageOf, pageRoutes } from '../../../../shared/page-routes.ts';
import type { MyPermissions } from '../../../../shared/permissions.ts';

interface SidebarLink {
  to: string;
  label: string;
}

/** A staff member sees the staff links their role may open (the same map the guard uses). */
function staffLinksFor(permissions: MyPermissions): readonly SidebarLink[] {
  return adminLinks.filter((link) => {
    const page = pageOf(link.to)?.name;
    return page !== undefined && mayOpen(permissions, page);
  });
}

const profileLink: SidebarLink = { to: pageRoutes.dashboard.href(), label: 'My Profile' };

/** Spec section 6: what each role can do from the dashboard. */
const customerLinks: readonly SidebarLink[] = [
  profileLink,
  { to: pageRoutes.myOrders.href(), label: 'My Orders' },
  { to: pageRoutes.addReview.href(), label: 'Add Review' },
  { to: pageRoutes.myQuotes.href(), label: 'My Quotes' },
];

const adminLinks: readonly SidebarLink[] = [
  profileLink,
  { to: pageRoutes.overview.href(), label: 'Overview' },
  { to: pageRoutes.manageAllOrders.href(), label: 'Manage All Orders' },
  { to: pageRoutes.addProduct.href(), label: 'Add a Product' },
  { to: pageRoutes.makeAdmin.href(), label: 'Make Admin' },
  { to: pageRoutes.manageProducts.href(), label: 'Manage Products' },
  { to: pageRoutes.manageCategories.href(), label: 'Categories' },
  { to: pageRoutes.manageReviews.href(), label: 'Manage Reviews' },
  { to: pageRoutes.siteSpeed.href(), label: 'Site Speed' },
  { to: pageRoutes.importProducts.href(), label: 'Import Products' },
  { to: pageRoutes.webhooks.href(), label: 'Webhooks' },
  { to: pageRoutes.returns.href(), label: 'Returns' },
  { to: pageRoutes.recalls.href(), label: 'Recalls' },
  { to: pageRoutes.warranty.href(), label: 'Warranty' },
  { to: pageRoutes.quotes.href(), label: 'Quotes' },
  { to: pageRoutes.auditLog.href(), label: 'Audit Log' },
];

function SidebarLinks({
  links,
  onNavigate,
}: {
  links: readonly SidebarLink[];
  onNavigate: () => void;
}) {
  return (
    <ul className="menu w-full gap-1 p-0 text-base">
      {links.map((link) => (
        <li key={link.to}>
          {/* `end`: the profile (the dashboard's index) is not current on the other screens. */}
          <NavLink to={link.to} end onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function DashboardSidebar({ onNavigate }: { onNavigate: () => void }) {
  const user = useSignedInUser();
  const adminCheck = usePermissions(user.email);

  if (adminCheck.isPending) {
    return (
      <>
        <SidebarLinks links={[profileLink]} onNavigate={onNavigate} />
        <Spinner label="Loading your menu" className="py-4" />
      </>
    );
  }
  if (adminCheck.isError) {
    return (
      <>
        <SidebarLinks links={[profileLink]} onNavigate={onNavigate} />
        <div role="alert" className="mt-4 flex flex-col items-start gap-2 px-3 text-sm">
          <p>We couldn&apos;t load your menu.</p>
          <button
            type="button"
            className="btn btn-sm btn-neutral"
            onClick={() => void adminCheck.refetch()}
            disabled={adminCheck.isFetching}
          >
            Try again
          </button>
        </div>
      </>
    );
  }
  const staff = adminCheck.data.permissions.length > 0;
  return (
    <SidebarLinks
      links={staff ? staffLinksFor(adminCheck.data) : customerLinks}
      onNavigate={onNavigate}
    />
  );
}
