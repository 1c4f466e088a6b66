import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Queryable } from '../../db/client.ts';
import { image } from '../../db/schema.ts';

export const IMAGE_PATH_PREFIX = '/images/';
const WEBP = 'image/webp';
const HASH_PATTERN = /^[0-9a-f]{64}$/;

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/**
 * Re-encodes any image sharp can read to WebP (metadata dropped) within a bounding box. Callers
 * with untrusted input pass a pixel limit, so a huge image is refused before it is decoded.
 */
export async function toWebp(
  input: Buffer,
  maxWidth: number,
  maxHeight: number,
  options: { limitInputPixels?: number } = {},
) {
  const { data, info } = await sharp(input, { limitInputPixels: options.limitInputPixels })
    .rotate()
    .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** Stores WebP bytes under their SHA-256; storing the same bytes twice is a no-op. */
export async function storeWebp(
  db: Queryable,
  webp: { bytes: Buffer; width: number; height: number },
): Promise<StoredImage> {
  const hash = createHash('sha256').update(webp.bytes).digest('hex');
  await db
    .insert(image)
    .values({ hash, contentType: WEBP, bytes: webp.bytes, width: webp.width, height: webp.height })
    .onConflictDoNothing();
  return { url: `${IMAGE_PATH_PREFIX}${hash}.webp`, width: webp.width, height: webp.height };
}

/** The SHA-256 in one of our image URLs (`/images/<sha256>.webp`), or undefined. */
function hashOfUrl(url: string): string | undefined {
  if (!url.startsWith(IMAGE_PATH_PREFIX) || !url.endsWith('.webp')) return undefined;
  const hash = url.slice(IMAGE_PATH_PREFIX.length, -'.webp'.length);
  return HASH_PATTERN.test(hash) ? hash : undefined;
}

/** Whether a URL names an image this shop stores (uploaded or seeded). */
export async function isStoredImageUrl(db: Queryable, url: string): Promise<boolean> {
  const hash = hashOfUrl(url);
  if (!hash) return false;
  const [row] = await db.select({ hash: image.hash }).from(image).where(eq(image.hash, hash));
  return row !== undefined;
}

/** The bytes for a stored image file name (`<sha256>.webp`), or undefined. */
export async function findImage(db: Db, fileName: string) {
  const hash = fileName.endsWith('.webp') ? fileName.slice(0, -'.webp'.length) : '';
  if (!HASH_PATTERN.test(hash)) return undefined;
  const [row] = await db
    .select({ hash: image.hash, contentType: image.contentType, bytes: image.bytes })
    .from(image)
    .where(eq(image.hash, hash));
  return row;
}
