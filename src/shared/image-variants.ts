// Responsive copies of the shop's own product images (`/images/<sha256>.webp`): the server makes
// them on first request (sharp) and the product cards offer them in `srcset`.

/** The widths a product image is offered at (CSS pixels × density the cards need). */
export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

const OWN_IMAGE = /^\/images\/([0-9a-f]{64})\.webp$/;

/** `/images/<sha256>-w400.webp` for `/images/<sha256>.webp`; undefined for any other URL. */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | undefined {
  const hash = OWN_IMAGE.exec(url)?.[1];
  return hash ? `/images/${hash}-w${width}.webp` : undefined;
}

/** The `srcset` of one of our images, or undefined for another URL. */
export function imageSrcSet(url: string): string | undefined {
  const candidates = IMAGE_VARIANT_WIDTHS.map((width) => {
    const variant = imageVariantUrl(url, width);
    return variant ? `${variant} ${width}w` : undefined;
  });
  return candidates.every(Boolean) ? candidates.join(', ') : undefined;
}
