import { toast } from 'react-toastify/unstyled';
import {
  NOTIFY_ME_LABEL,
  NOTIFY_SUBSCRIBED_MESSAGE,
  STOP_NOTIFY_LABEL,
} from '../../../../shared/back-in-stock.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../../shared/for-sale.ts';
import type { Product } from '../../../../shared/product.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useStockAlert } from '../api/product-extras.ts';

/**
 * In place of the order form while a product cannot be ordered (issue 24): too little stock, or
 * withdrawn by a safety recall (issue 39: its subscribers are mailed when the recall is lifted).
 */
export function BackInStock({
  product,
  email,
  canSubscribe = true,
}: {
  product: Product;
  email: string;
  /** False for a variant other than the default one: alerts are the default variant's (issue 34). */
  canSubscribe?: boolean;
}) {
  const { query, change } = useStockAlert(email, product._id, canSubscribe);
  const subscribed = query.data?.subscribed === true;

  const toggle = async () => {
    try {
      const state = await change.mutateAsync(!subscribed);
      toast.success(state.subscribed ? NOTIFY_SUBSCRIBED_MESSAGE : 'You will not be notified.');
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  return (
    <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-200 p-6">
      {product.withdrawn ? (
        <p className="text-lg font-semibold">{PRODUCT_WITHDRAWN_MESSAGE}</p>
      ) : (
        <>
          <p className="text-lg font-semibold">Out of stock</p>
          <p>
            Fewer than the minimum order of {product.minQuantity} are left, so it cannot be ordered
            right now.
          </p>
        </>
      )}
      {!canSubscribe ? null : query.isPending ? (
        <Spinner label="Checking your notification" />
      ) : (
        <>
          {subscribed && <p role="status">{NOTIFY_SUBSCRIBED_MESSAGE}</p>}
          <button
            type="button"
            className={subscribed ? 'btn btn-outline' : 'btn btn-primary'}
            disabled={change.isPending}
            onClick={() => void toggle()}
          >
            {change.isPending && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {subscribed ? STOP_NOTIFY_LABEL : NOTIFY_ME_LABEL}
          </button>
        </>
      )}
    </div>
  );
}
