import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '../../../../shared/money.ts';
import type { Product } from '../../../../shared/product.ts';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { useProduct } from '../../../api/products.ts';
import { PriceBreaksTable } from './price-breaks-table.tsx';
import { PurchaseForm, type BasketLineDraft } from './purchase-form.tsx';
import { RequestQuoteForm } from './request-quote-form.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { ProductGallery } from './product-gallery.tsx';
import { BackInStock } from './back-in-stock.tsx';
import { PlatformFacts } from './works-with-badge.tsx';
import { GoesWellWith } from './goes-well-with.tsx';

function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-24 text-center">
      <DocumentTitle title="Product not found" />
      <h1 className="text-3xl font-bold">Product not found</h1>
      <p className="text-lg">This product does not exist. It may have been removed.</p>
      <Link to={pageRoutes.allProducts.href()} className="btn btn-primary">
        Browse all products
      </Link>
    </div>
  );
}

function ProductDetails({ product, email }: { product: Product; email: string }) {
  return (
    <div className="flex flex-col gap-4">
      <ProductGallery product={product} />
      <h1 className="text-3xl font-bold">{product.name}</h1>
      <PlatformFacts product={product} email={email} />
      <p>{product.description}</p>
      <p className="text-xl font-semibold">Price: ${formatDollars(product.price)}</p>
      <ul>
        <li>Min order quantity: {product.minQuantity}</li>
        <li>Stock available: {product.availableQuantity}</li>
      </ul>
      <PriceBreaksTable
        price={product.price}
        minQuantity={product.minQuantity}
        breaks={product.priceBreaks}
      />
    </div>
  );
}

/** Product detail and purchase form (/purchase/:productId, signed-in customers). */
export function PurchasePage({
  productId,
  basketAction,
}: {
  productId: string;
  /** Add to basket beside Purchase, with the form's quantity (the route composes it). */
  basketAction?: (line: BasketLineDraft) => ReactNode;
}) {
  const user = useSignedInUser();
  const product = useProduct(productId);

  if (isApiError(product.error) && product.error.status === 404) return <ProductNotFound />;
  return (
    <QueryState
      query={product}
      loading="Loading product"
      failed="We couldn't load this product."
      // A failed refetch keeps showing the product as it was last seen.
      keepDataOnError
      className="my-24"
      frame={(state) => (
        <>
          <DocumentTitle title="Purchase" />
          <h1 className="sr-only">Purchase</h1>
          {state}
        </>
      )}
    >
      {(data) => (
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2">
          <DocumentTitle title={data.name} />
          <ProductDetails product={data} email={user.email} />
          <section aria-labelledby="purchase-form-heading" className="flex flex-col gap-5">
            <h2 id="purchase-form-heading" className="text-2xl font-bold">
              Place your order
            </h2>
            {data.availableQuantity < data.minQuantity ? (
              <BackInStock product={data} email={user.email} />
            ) : (
              <PurchaseForm key={data._id} product={data} user={user} basketAction={basketAction} />
            )}
            <RequestQuoteForm key={`quote-${data._id}`} product={data} />
          </section>
          <div className="lg:col-span-2">
            <GoesWellWith productId={data._id} />
          </div>
        </div>
      )}
    </QueryState>
  );
}
