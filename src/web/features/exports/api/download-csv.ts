import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { apiDownload } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/save-download.ts';

/** Downloads an admin CSV export and hands it to the browser; a failure is a toast. */
export function useCsvDownload() {
  return useMutation({
    mutationFn: (path: string) => apiDownload(path),
    onSuccess: saveDownload,
    onError: (error) => toast.error(error.message),
  });
}
