import { apiPaths } from '../../../../shared/api-paths.ts';
import { IMAGE_UPLOAD_FIELD, ImageUploadResponseSchema } from '../../../../shared/product.ts';
import { apiUpload, type UploadOptions } from '../../../lib/api-client.ts';

/** POST /api/images: the URL the shop serves the image at, to send as the product's `img`. */
export async function uploadProductImage(file: File, options: UploadOptions = {}): Promise<string> {
  const form = new FormData();
  form.append(IMAGE_UPLOAD_FIELD, file);
  const { data } = await apiUpload(apiPaths.images, form, ImageUploadResponseSchema, options);
  return data.url;
}
