import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { formatDollars } from '../../../../shared/money.ts';
import {
  DELETE_FOREVER_WARNING,
  deleteProductQuestion,
  productDeletedMessage,
  type Product,
} from '../../../../shared/product.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useProducts } from '../../../api/products.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { ADD_PRODUCT_PATH, editProductPath } from '../lib/paths.ts';
import { DataTable } from '../../../components/data-table.tsx';

const notDeletedMessage = (name: string) => `Product ${name} was not deleted: it no longer exists.`;

function ProductRow({ product, onDelete }: { product: Product; onDelete: () => void }) {
  const nameId = useId();
  return (
    <tr>
      <th id={nameId} scope="row" className="font-semibold">
        {product.name}
      </th>
      <td className="tabular-nums">${formatDollars(product.price)}</td>
      <td>
        <img
          src={product.img}
          alt={product.name}
          loading="lazy"
          width={64}
          height={48}
          className="h-12 w-16 rounded border border-base-300 bg-base-200 object-contain"
        />
      </td>
      <td className="tabular-nums">{product.availableQuantity}</td>
      <td>
        <div className="flex flex-wrap gap-2">
          <Link
            to={editProductPath(product._id)}
            className="btn btn-sm btn-neutral"
            aria-describedby={nameId}
          >
            Edit
          </Link>
          <button
            type="button"
            className="btn btn-sm btn-error"
            aria-describedby={nameId}
            onClick={onDelete}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Manage Products: every product, with Edit and a confirmed Delete. */
export function ManageProductsPage() {
  const products = useProducts();
  const deleteProduct = useDeleteProduct();
  const [toDelete, setToDelete] = useState<Product | null>(null);
  // Where the focus goes when the deleted row (and its Delete button) is gone.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteProduct.mutate(toDelete, {
      onSuccess: ({ deletedCount }, product) => {
        if (deletedCount > 0) toast.success(productDeletedMessage(product.name));
        else toast.error(notDeletedMessage(product.name));
      },
      // The spec showed nothing on failure; the admin should know the product is still there.
      onError: (error) => toast.error(error.message),
      onSettled: () => setToDelete(null),
    });
  };

  if (products.isPending) {
    return (
      <section className="flex flex-col gap-6">
        <h1 className="text-3xl font-bold">Manage Products</h1>
        <Spinner label="Loading products" />
      </section>
    );
  }
  if (products.isError) {
    return (
      <section className="flex flex-col gap-6">
        <h1 className="text-3xl font-bold">Manage Products</h1>
        <ErrorState
          title="We couldn't load the products."
          detail={products.error.message}
          onRetry={() => void products.refetch()}
          isRetrying={products.isFetching}
        />
      </section>
    );
  }
  return (
    <section className="flex flex-col gap-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {`Manage Products: ${products.data.length}`}
      </h1>
      <DataTable
        columns={['Name', 'Price', 'Image', 'Quantity Available', 'Action']}
        isEmpty={products.data.length === 0}
        empty={
          <p>
            No products yet.{' '}
            <Link to={ADD_PRODUCT_PATH} className="link">
              Add a new Product
            </Link>
          </p>
        }
      >
        {products.data.map((product) => (
          <ProductRow key={product._id} product={product} onDelete={() => setToDelete(product)} />
        ))}
      </DataTable>
      {toDelete && (
        <ConfirmDialog
          title={deleteProductQuestion(toDelete.name)}
          body={DELETE_FOREVER_WARNING}
          confirmLabel="Delete"
          busy={deleteProduct.isPending}
          returnFocusTo={headingRef}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </section>
  );
}
