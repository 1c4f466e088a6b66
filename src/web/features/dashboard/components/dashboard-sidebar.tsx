import { NavLink } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { mayOpen, usePermissions } from '../../../lib/auth/permissions.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { pageLinksIn, permissionOf, type PageName } from '../../../../shared/page-routes.ts';
import type { MyPermissions } from '../../../../shared/permissions.ts';

interface SidebarLink {
  to: string;
  label: string;
}

// The route table's sidebar links (spec section 6: what each role can do from the dashboard),
// each in its order: a staff page's link is for staff, a signed-in page's for customers, one
// marked `everyone` (My Profile) for both.
const links = pageLinksIn('sidebar');
const linkOf = (link: (typeof links)[number]): SidebarLink => ({
  to: link.to,
  label: link.label,
});
const isStaffPage = (page: PageName) => permissionOf(page) !== undefined;

/** Everyone's links (My Profile), shown while the rest is not known. */
const everyonesLinks: readonly SidebarLink[] = links
  .filter((link) => link.placement.everyone === true)
  .map(linkOf);

/** A customer's links. */
export const customerLinks: readonly SidebarLink[] = links
  .filter((link) => link.placement.everyone === true || !isStaffPage(link.page))
  .map(linkOf);

/** A staff member sees the staff links their role may open (the same rule the guard uses). */
export function staffLinksFor(permissions: MyPermissions): readonly SidebarLink[] {
  return links
    .filter((link) => link.placement.everyone === true || isStaffPage(link.page))
    .filter((link) => mayOpen(permissions, link.page))
    .map(linkOf);
}

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
        <SidebarLinks links={everyonesLinks} onNavigate={onNavigate} />
        <Spinner label="Loading your menu" className="py-4" />
      </>
    );
  }
  if (adminCheck.isError) {
    return (
      <>
        <SidebarLinks links={everyonesLinks} onNavigate={onNavigate} />
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
