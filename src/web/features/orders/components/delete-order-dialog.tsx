import type { RefObject } from 'react';
import { toast } from 'react-toastify/unstyled';
import { deleteQuestion, productDeletedMessage } from '../../../../shared/product.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteOrder } from '../api/delete-order.ts';

const NOT_DELETED_MESSAGE = "The order couldn't be deleted. Please try again.";

interface DeleteOrderDialogProps {
  order: Purchase;
  /** Called once the dialog should go: cancelled, or the deletion answered either way. */
  onClose: () => void;
  /** Where the focus goes after a deletion took the row (and its Delete button) away. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The spec's delete confirmation for an unpaid order (it is cancelled and its stock returned). The
 * dialog closes on any answer, so the toast that tells it is not hidden behind the modal.
 */
export function DeleteOrderDialog({ order, onClose, returnFocusTo }: DeleteOrderDialogProps) {
  const deleteOrder = useDeleteOrder();

  const confirm = () =>
    deleteOrder.mutate(order, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount) toast.success(productDeletedMessage(order.product));
        else toast.error(NOT_DELETED_MESSAGE);
      },
      onError: (error) => toast.error(error.message),
      onSettled: onClose,
    });

  return (
    <ConfirmDialog
      title={deleteQuestion(order.product)}
      body={`The order of ${order.orderQuantity} × ${order.product} will be cancelled.`}
      confirmLabel="Delete"
      busy={deleteOrder.isPending}
      onConfirm={confirm}
      onCancel={onClose}
      returnFocusTo={returnFocusTo}
    />
  );
}
