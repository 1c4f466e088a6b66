import { DocumentTitle } from '../../components/document-title.tsx';
import { MakeAdminPage } from '../../features/admin/components/make-admin-page.tsx';

export default function MakeAdminRoute() {
  return (
    <>
      <DocumentTitle title="Make Admin" />
      <MakeAdminPage />
    </>
  );
}
