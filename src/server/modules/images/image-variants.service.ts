import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '../../../shared/image-variants.ts';
import type { Db } from '../../db/client.ts';
import { findImage } from './images.service.ts';

const VARIANT = /^([0-9a-f]{64})-w(\d+)\.webp$/;
/** Bytes of images kept in memory (originals and variants): content-addressed, never stale. */
const MEMORY_BUDGET_BYTES = 64 * 1024 * 1024;

export interface ImageFile {
  hash: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Product images from memory: an image's bytes never change behind its URL (the name is their
 * SHA-256), so once read (or resized) they are kept, least recently used out first past the
 * budget. `<sha256>-w400.webp` and `-w800.webp` are the image resized to that width (never
 * enlarged), made with sharp on first request; other widths do not exist (no resize on demand
 * for any width a client asks).
 */
export function createImageStore(db: Db) {
  const kept = new Map<string, ImageFile>();
  let keptBytes = 0;
  const making = new Map<string, Promise<ImageFile | undefined>>();

  const keep = (name: string, file: ImageFile) => {
    kept.set(name, file);
    keptBytes += file.bytes.length;
    for (const [oldest, old] of kept) {
      if (keptBytes <= MEMORY_BUDGET_BYTES) break;
      kept.delete(oldest);
      keptBytes -= old.bytes.length;
    }
  };

  const make = async (name: string): Promise<ImageFile | undefined> => {
    const variant = VARIANT.exec(name);
    if (!variant) return (await findImage(db, name)) ?? undefined;
    const [, hash = '', widthText = ''] = variant;
    const width = Number(widthText);
    if (!IMAGE_VARIANT_WIDTHS.includes(width as ImageVariantWidth)) return undefined;
    const original = await findImage(db, `${hash}.webp`);
    if (!original) return undefined;
    const bytes = await sharp(original.bytes)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    // A copy no smaller than the original is not worth sending.
    const best = bytes.length < original.bytes.length ? bytes : original.bytes;
    return { hash: `${hash}-w${width}`, contentType: original.contentType, bytes: best };
  };

  return {
    async find(name: string): Promise<ImageFile | undefined> {
      const hit = kept.get(name);
      if (hit) {
        kept.delete(name);
        kept.set(name, hit);
        return hit;
      }
      let pending = making.get(name);
      if (!pending) {
        pending = make(name);
        making.set(name, pending);
        const clear = () => making.delete(name);
        pending.then(clear, clear);
      }
      const file = await pending;
      if (file && !kept.has(name)) keep(name, file);
      return file;
    },
  };
}
