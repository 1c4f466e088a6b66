import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageCategoriesPage } from '../../features/admin-categories/components/manage-categories-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ManageCategoriesRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.manageCategories.title} />
      <ManageCategoriesPage />
    </>
  );
}
