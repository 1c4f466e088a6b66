import { apiPaths } from '../../../../shared/api-paths.ts';
import { ImageUploadResponseSchema } from '../../../../shared/product.ts';
import { apiUpload, type UploadOptions } from '../../../lib/api-client.ts';

/** The multipart field POST /api/images reads the file from (as the spec's image host did). */
const IMAGE_FIELD = 'image';

/** POST /api/images: the URL the shop serves the image at, to send as the product's `img`. */
export async function uploadProductImage(file: File, options: UploadOptions = {}): Promise<string> {
  const form = new FormData();
  form.append(IMAGE_FIELD, file);
  const { data } = await apiUpload(apiPaths.images, form, ImageUploadResponseSchema, options);
  return data.url;
}
