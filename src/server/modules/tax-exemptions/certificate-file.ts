import { basename } from 'node:path';
import sharp from 'sharp';
import type { CertificateMediaType } from '../../../shared/tax-exemption.ts';
import { sniffImageFormat } from '../images/index.ts';

/** An image certificate larger than this is refused before it is decoded (a scan needs far less). */
export const CERTIFICATE_MAX_PIXELS = 40_000_000;
const FILE_NAME_MAX = 200;

const PDF_HEADER = /^%PDF-[12]\.\d/;
const PDF_END = '%%EOF';

/**
 * What a certificate's bytes are, whatever its name or the client's content type says: a PDF (its
 * header `%PDF-1.x`/`%PDF-2.x` first and an end-of-file marker in its last kilobyte, so a text file
 * named .pdf or a cut-off upload is refused), or a JPEG, PNG, WebP or GIF that sharp reads as the
 * format its signature claims and decodes to the end. Undefined: none of these.
 */
export async function certificateMediaType(
  bytes: Buffer,
): Promise<CertificateMediaType | undefined> {
  if (PDF_HEADER.test(bytes.subarray(0, 8).toString('latin1')))
    return bytes.subarray(-1024).includes(PDF_END) ? 'application/pdf' : undefined;
  const claimed = sniffImageFormat(bytes);
  if (!claimed) return undefined;
  try {
    const image = sharp(bytes, { limitInputPixels: CERTIFICATE_MAX_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== claimed) return undefined;
    // Decodes every pixel (into a tiny thumbnail, thrown away): a corrupt body is refused here.
    await image.resize(32, 32, { fit: 'inside' }).png().toBuffer();
    return `image/${claimed}`;
  } catch {
    return undefined;
  }
}

const EXTENSIONS: Record<CertificateMediaType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * The client's file name as staff see it: its last path part, without control characters, quotes
 * or backslashes, at most 200 characters; `certificate.<ext>` when nothing is left.
 */
export function certificateFileName(given: string | undefined, type: CertificateMediaType): string {
  const cleaned = basename((given ?? '').replaceAll('\\', '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"\\]|\p{Cs}/gu, '')
    .trim()
    .slice(0, FILE_NAME_MAX);
  return cleaned === '' || cleaned === '.' || cleaned === '..'
    ? `certificate.${EXTENSIONS[type]}`
    : cleaned;
}

/** A Content-Disposition for downloading `name`: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentOf(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
