import sharp from 'sharp';
import { ErrorCode } from '../../../shared/errors.ts';
import { IMAGE_TYPE_MESSAGE as UNSUPPORTED_IMAGE_MESSAGE } from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { storeWebp, toWebp, type StoredImage } from './images.service.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';

/** Uploaded images are shrunk to fit this box: plenty for a product photo, cheap to serve. */
export const UPLOAD_MAX_SIDE = 1600;
/** Larger images are refused before they are decoded: a small file must not cost gigabytes. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

export const TOO_MANY_PIXELS_MESSAGE = `The image has too many pixels: at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels can be uploaded.`;

export class UnsupportedImage extends AppError {
  constructor(message = UNSUPPORTED_IMAGE_MESSAGE) {
    super(415, ErrorCode.UnsupportedMediaType, message);
  }
}

export class ImageTooLarge extends AppError {
  constructor(message: string) {
    super(413, ErrorCode.PayloadTooLarge, message);
  }
}

type UploadFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const startsWith = (bytes: Buffer, signature: string, offset = 0) =>
  bytes.subarray(offset, offset + signature.length).equals(Buffer.from(signature, 'latin1'));

/**
 * The format the file's own first bytes claim, whatever its name or declared type says. SVG (text
 * that sharp would happily render) and everything else have no such signature and are refused.
 */
export function sniffImageFormat(bytes: Buffer): UploadFormat | undefined {
  if (startsWith(bytes, '\xff\xd8\xff')) return 'jpeg';
  if (startsWith(bytes, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  return undefined;
}

/** The image's size from its header, if sharp reads the same format its signature claims. */
async function readHeader(bytes: Buffer, claimed: UploadFormat) {
  try {
    // Only the header is read here, so no pixel limit is needed yet: the caller checks the size.
    const { format, width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (format !== claimed || !width || !height) return undefined;
    return { width, height };
  } catch {
    return undefined;
  }
}

/**
 * POST /api/images: accepts a JPEG, PNG, WebP or GIF (checked by signature and by decoding),
 * strips its metadata, re-encodes it to WebP within UPLOAD_MAX_SIDE and stores it under its
 * content hash. Nothing is stored unless every check passes.
 */
export async function uploadImage(
  db: Db,
  bytes: Buffer,
  actor: Pick<AuthUser, 'id' | 'email'>,
): Promise<StoredImage> {
  const claimed = sniffImageFormat(bytes);
  if (!claimed) throw new UnsupportedImage();
  const header = await readHeader(bytes, claimed);
  if (!header) throw new UnsupportedImage();
  if (header.width * header.height > UPLOAD_MAX_PIXELS)
    throw new ImageTooLarge(TOO_MANY_PIXELS_MESSAGE);

  let webp: Awaited<ReturnType<typeof toWebp>>;
  try {
    webp = await toWebp(bytes, UPLOAD_MAX_SIDE, UPLOAD_MAX_SIDE, {
      limitInputPixels: UPLOAD_MAX_PIXELS,
    });
  } catch {
    // A header that reads fine over pixel data that does not (truncated, corrupt).
    throw new UnsupportedImage();
  }
  // The image and its audit record (who uploaded what) commit together.
  return db.transaction(async (tx) => {
    const stored = await storeWebp(tx, webp);
    await recordAudit(tx, actor, {
      action: 'image.upload',
      targetType: 'image',
      targetId: stored.url,
      after: stored,
    });
    return stored;
  });
}
