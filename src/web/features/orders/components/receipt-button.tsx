import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { downloadReceipt } from '../api/download-receipt.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';

/** "Download receipt" of a paid order (a PDF from the server). */
export function ReceiptButton({ orderId, describedBy }: { orderId: string; describedBy: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-xs btn-outline"
      aria-describedby={describedBy}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadReceipt(orderId)
          .catch((error: unknown) => toast.error(getErrorMessage(error)))
          .finally(() => setBusy(false));
      }}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Download receipt
    </button>
  );
}
