import { orderQuantityProblem } from '../../../shared/purchase.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { AddToBasketButton } from '../../features/basket/components/add-to-basket-button.tsx';
import { ProductCatalog } from '../../features/catalog/components/product-catalog.tsx';
import { CatalogueFilters } from '../../features/catalog/components/catalogue-filters.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function AllProductsRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.allProducts.title}
        description="Every Toolhouse power tool with its price, minimum order and stock: drills, saws, grinders, sanders and batteries. Order online."
      />
      <ProductCatalog
        filters={(search, update) => <CatalogueFilters search={search} onUpdate={update} />}
        // A card has no quantity field: it adds the minimum order, when the stock allows it.
        cardAction={(product, nameId) => (
          <AddToBasketButton
            line={
              orderQuantityProblem(product.minQuantity, product) === undefined
                ? { productId: product._id, quantity: product.minQuantity }
                : null
            }
            describedBy={nameId}
          />
        )}
      />
    </>
  );
}
