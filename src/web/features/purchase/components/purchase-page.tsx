import { Link } from 'react-router';
import { formatDollars } from '../../../../shared/money.ts';
import type { Product } from '../../../../shared/product.ts';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { useProduct } from '../../../api/products.ts';
import { PurchaseForm } from './purchase-form.tsx';

function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-24 text-center">
      <DocumentTitle title="Product not found" />
      <h1 className="text-3xl font-bold">Product not found</h1>
      <p className="text-lg">This product does not exist. It may have been removed.</p>
      <Link to="/allProducts" className="btn btn-primary">
        Browse all products
      </Link>
    </div>
  );
}

function ProductDetails({ product }: { product: Product }) {
  return (
    <div className="flex flex-col gap-4">
      <figure className="overflow-hidden rounded-box border border-base-300 bg-base-200">
        <img
          src={product.img}
          alt={product.name}
          width={600}
          height={450}
          className="aspect-[4/3] w-full object-contain"
        />
      </figure>
      <h1 className="text-3xl font-bold">{product.name}</h1>
      <p>{product.description}</p>
      <p className="text-xl font-semibold">Price: ${formatDollars(product.price)}</p>
      <ul>
        <li>Min order quantity: {product.minQuantity}</li>
        <li>Stock available: {product.availableQuantity}</li>
      </ul>
    </div>
  );
}

/** Product detail and purchase form (/purchase/:productId, signed-in customers). */
export function PurchasePage({ productId }: { productId: string }) {
  const user = useSignedInUser();
  const product = useProduct(productId);

  if (product.isPending) {
    return (
      <>
        <DocumentTitle title="Purchase" />
        <h1 className="sr-only">Purchase</h1>
        <Spinner label="Loading product" className="py-24" />
      </>
    );
  }
  if (isApiError(product.error) && product.error.status === 404) return <ProductNotFound />;
  // A failed refetch keeps showing the product as it was last seen.
  if (!product.data) {
    return (
      <div className="px-4 py-24">
        <DocumentTitle title="Purchase" />
        <h1 className="sr-only">Purchase</h1>
        <ErrorState
          title="We couldn't load this product."
          detail={product.error?.message}
          onRetry={() => void product.refetch()}
          isRetrying={product.isFetching}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2">
      <DocumentTitle title={product.data.name} />
      <ProductDetails product={product.data} />
      <section aria-labelledby="purchase-form-heading" className="flex flex-col gap-5">
        <h2 id="purchase-form-heading" className="text-2xl font-bold">
          Place your order
        </h2>
        <PurchaseForm key={product.data._id} product={product.data} user={user} />
      </section>
    </div>
  );
}
