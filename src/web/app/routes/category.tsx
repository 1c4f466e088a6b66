import { useParams } from 'react-router';
import { orderQuantityProblem } from '../../../shared/purchase.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useCategories } from '../../api/categories.ts';
import { AddToBasketButton } from '../../features/basket/components/add-to-basket-button.tsx';
import { ProductCatalog } from '../../features/catalog/components/product-catalog.tsx';
import { CatalogueFilters } from '../../features/catalog/components/catalogue-filters.tsx';
import { NotFoundPage } from '../../features/pages/components/not-found-page.tsx';

/** /category/:slug (issue 24): the catalogue of one category, server-rendered; 404 if unknown. */
export default function CategoryRoute() {
  const { slug = '' } = useParams();
  const categories = useCategories();
  const category = categories.data?.find((found) => found.slug === slug.toLowerCase());
  if (categories.isPending) return <Spinner label="Loading the category" className="my-24" />;
  if (!category)
    return (
      <>
        <DocumentTitle title="Page not found" />
        <NotFoundPage />
      </>
    );
  return (
    <>
      <DocumentTitle
        title={category.name}
        description={
          category.description ||
          `Toolhouse ${category.name}: prices, minimum orders and stock. Order online.`
        }
      />
      <ProductCatalog
        category={category}
        filters={(search, update) => (
          <CatalogueFilters search={search} onUpdate={update} fixedCategory />
        )}
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
