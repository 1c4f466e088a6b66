import { IMAGE_UPLOAD_FIELD } from '../../../../shared/product.ts';
import type { UseFormSetError } from 'react-hook-form';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { TYPED_FIELD_NAMES, type ProductFormValues } from './product-form.ts';

type SetProductError = UseFormSetError<ProductFormValues>;

/**
 * A failed upload says why under the Image field (too large, wrong type, offline). The spec's
 * client showed nothing; the admin would not know what to change.
 */
export function showImageUploadError(error: unknown, setError: SetProductError): void {
  // Cancelled because the page closed: nobody is there to read it.
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const message = isApiError(error)
    ? (error.fields?.[IMAGE_UPLOAD_FIELD] ?? error.message)
    : getErrorMessage(error);
  setError('image', { type: 'server', message }, { shouldFocus: true });
}

/**
 * The server's field messages (a 400) under their inputs; the body's `img` belongs to the Image
 * field. Returns false when there was none to show.
 */
export function showProductFieldErrors(error: unknown, setError: SetProductError): boolean {
  const shown = showServerFieldErrors<ProductFormValues>(error, setError, TYPED_FIELD_NAMES);
  const imageMessage = isApiError(error) ? error.fields?.['img'] : undefined;
  if (imageMessage)
    setError('image', { type: 'server', message: imageMessage }, { shouldFocus: !shown });
  return shown || Boolean(imageMessage);
}
