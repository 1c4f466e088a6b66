import { DocumentTitle } from '../../components/document-title.tsx';
import { InvitationPage } from '../../features/companies/components/invitation-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function CompanyInvitationRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.companyInvitation.title} />
      <InvitationPage />
    </>
  );
}
