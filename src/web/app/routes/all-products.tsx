import { DocumentTitle } from '../../components/document-title.tsx';
import { ProductCatalog } from '../../features/catalog/components/product-catalog.tsx';

export default function AllProductsRoute() {
  return (
    <>
      <DocumentTitle
        title="All Products"
        description="Every Toolhouse power tool with its price, minimum order and stock: drills, saws, grinders, sanders and batteries. Order online."
      />
      <ProductCatalog />
    </>
  );
}
