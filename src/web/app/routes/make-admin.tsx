import { DocumentTitle } from '../../components/document-title.tsx';
import { MakeAdminPage } from '../../features/admin/components/make-admin-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function MakeAdminRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.makeAdmin.title} />
      <MakeAdminPage />
    </>
  );
}
