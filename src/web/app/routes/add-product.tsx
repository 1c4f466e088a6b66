import { DocumentTitle } from '../../components/document-title.tsx';
import { AddProductPage } from '../../features/admin-catalog/components/add-product-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function AddProductRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.addProduct.title} />
      <AddProductPage />
    </>
  );
}
