import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageProductsPage } from '../../features/admin-catalog/components/manage-products-page.tsx';

export default function ManageProductsRoute() {
  return (
    <>
      <DocumentTitle title="Manage Products" />
      <ManageProductsPage />
    </>
  );
}
