import { DocumentTitle } from '../../components/document-title.tsx';
import { ImportProductsPage } from '../../features/product-import/components/import-products-page.tsx';

export default function ImportProductsRoute() {
  return (
    <>
      <DocumentTitle title="Import products" />
      <ImportProductsPage />
    </>
  );
}
