import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { uploadProductImage } from '../api/upload-product-image.ts';
import type { ProductFormValues } from '../lib/product-form.ts';
import { showImageUploadError } from '../lib/show-errors.ts';

/**
 * Uploads a product image and tracks its progress (null when no upload runs). The last uploaded
 * file is remembered, so sending the form again after a refused save does not upload it twice.
 * Leaving the page cancels an upload in flight. `uploadOrShowError` is the product forms' way:
 * the image's URL, or undefined once the reason is shown under the Image field.
 */
export function useImageUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const lastUpload = useRef<{ file: File; url: string } | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(async (file: File): Promise<string> => {
    if (lastUpload.current?.file === file) return lastUpload.current.url;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      const url = await uploadProductImage(file, {
        onProgress: setProgress,
        signal: current.signal,
      });
      lastUpload.current = { file, url };
      return url;
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
      }
    }
  }, []);

  const uploadOrShowError = useCallback(
    async (file: File, setError: UseFormSetError<ProductFormValues>) => {
      try {
        return await upload(file);
      } catch (error) {
        showImageUploadError(error, setError);
        return undefined;
      }
    },
    [upload],
  );

  return { uploadOrShowError, progress };
}
