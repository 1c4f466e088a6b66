import { apiPaths } from '../../../../shared/api-paths.ts';
import { apiDownload } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/save-download.ts';

/** GET /api/purchase/{id}/receipt with the bearer token, saved as a file by the browser. */
export async function downloadReceipt(orderId: string): Promise<void> {
  const { blob } = await apiDownload(apiPaths.receipt(orderId));
  saveDownload({ blob, filename: `toolhouse-receipt-${orderId}.pdf` });
}
