import { apiPaths } from '../../../../shared/api-paths.ts';
import { getAccessToken } from '../../../lib/access-token.ts';

export const RECEIPT_FAILED_MESSAGE = "We couldn't download the receipt. Please try again.";

/** GET /api/purchase/{id}/receipt with the bearer token, saved as a file by the browser. */
export async function downloadReceipt(orderId: string): Promise<void> {
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(apiPaths.receipt(orderId), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new Error(RECEIPT_FAILED_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : RECEIPT_FAILED_MESSAGE);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `toolhouse-receipt-${orderId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
