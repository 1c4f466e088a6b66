import { DocumentTitle } from '../../components/document-title.tsx';
import { ProductCatalog } from '../../features/catalog/components/product-catalog.tsx';

export default function AllProductsRoute() {
  return (
    <>
      <DocumentTitle title="All Products" />
      <ProductCatalog />
    </>
  );
}
