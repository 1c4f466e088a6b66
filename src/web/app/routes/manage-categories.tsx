import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageCategoriesPage } from '../../features/admin-categories/components/manage-categories-page.tsx';

export default function ManageCategoriesRoute() {
  return (
    <>
      <DocumentTitle title="Categories" />
      <ManageCategoriesPage />
    </>
  );
}
