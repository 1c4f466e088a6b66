import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { formatDollars } from '../../../../shared/money.ts';
import {
  DELETE_FOREVER_WARNING,
  deleteQuestion,
  productDeletedMessage,
  type Product,
} from '../../../../shared/product.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useProducts } from '../../../api/products.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';

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
      <td className="tabular-nums">
        {product.availableQuantity}
        {/* Issue 39: counted, but off sale until the recall is lifted (Recalls screen). */}
        {product.withdrawn && <span className="badge badge-error ml-2">Withdrawn</span>}
      </td>
      <td>
        <div className="flex flex-wrap gap-2">
          <Link
            to={pageRoutes.editProduct.href({ productId: product._id })}
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

  return (
    <section className="flex flex-col gap-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {products.isSuccess ? `Manage Products: ${products.data.length}` : 'Manage Products'}
      </h1>
      <QueryState
        query={products}
        loading="Loading products"
        failed="We couldn't load the products."
      >
        {(list) => (
          <DataTable
            columns={['Name', 'Price', 'Image', 'Quantity Available', 'Action']}
            isEmpty={list.length === 0}
            empty={
              <p>
                No products yet.{' '}
                <Link to={pageRoutes.addProduct.href()} className="link">
                  Add a new Product
                </Link>
              </p>
            }
          >
            {list.map((product) => (
              <ProductRow
                key={product._id}
                product={product}
                onDelete={() => setToDelete(product)}
              />
            ))}
          </DataTable>
        )}
      </QueryState>
      {toDelete && (
        <ConfirmDialog
          title={deleteQuestion(toDelete.name)}
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
