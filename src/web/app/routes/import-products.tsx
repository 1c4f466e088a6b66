import { DocumentTitle } from '../../components/document-title.tsx';
import { ImportProductsPage } from '../../features/product-import/components/import-products-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ImportProductsRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.importProducts.title} />
      <ImportProductsPage />
    </>
  );
}
