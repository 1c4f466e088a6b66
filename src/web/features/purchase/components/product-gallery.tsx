import { useState, type KeyboardEvent } from 'react';
import { imageSrcSet, imageVariantUrl } from '../../../../shared/image-variants.ts';
import type { Product } from '../../../../shared/product.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/**
 * The product's pictures (issue 24): the first (`img`) is shown at once, eagerly, as the page's
 * largest element (server-rendered, ADR 030); the thumbnails' pictures load once the page is live,
 * and a picture itself only when it is chosen. Thumbnails
 * are buttons (keyboard and touch); arrow keys step through the pictures when the gallery has focus.
 */
export function ProductGallery({ product }: { product: Product }) {
  const pictures = [product.img, ...product.images];
  const [shown, setShown] = useState(0);
  // Server-rendered: the buttons say they do nothing until the page is live.
  const inactive = !useHydrated() || undefined;
  const count = pictures.length;
  const go = (index: number) => {
    if (!inactive) setShown((index + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') go(shown + 1);
    else if (event.key === 'ArrowLeft') go(shown - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(count - 1);
    else return;
    event.preventDefault();
  };

  const main = (
    <img
      key={pictures[shown]}
      src={pictures[shown]}
      // The column's width: the browser picks the 400 or 800 px copy it needs.
      srcSet={imageSrcSet(pictures[shown] ?? '')}
      sizes="(min-width: 1152px) 556px, (min-width: 1024px) 50vw, 100vw"
      alt={count > 1 ? `${product.name}, picture ${shown + 1} of ${count}` : product.name}
      width={600}
      height={450}
      loading={shown === 0 ? 'eager' : 'lazy'}
      fetchPriority={shown === 0 ? 'high' : 'auto'}
      className="aspect-[4/3] w-full object-contain"
    />
  );
  if (count < 2)
    return (
      <figure className="overflow-hidden rounded-box border border-base-300 bg-base-200">
        {main}
      </figure>
    );

  return (
    <section
      aria-roledescription="gallery"
      aria-label={`Pictures of ${product.name}`}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3"
    >
      <figure className="relative overflow-hidden rounded-box border border-base-300 bg-base-200">
        {main}
        <figcaption className="sr-only" aria-live="polite">
          Picture {shown + 1} of {count}
        </figcaption>
        <button
          type="button"
          className="btn btn-circle btn-sm absolute top-1/2 left-2 -translate-y-1/2"
          aria-label="Previous picture"
          aria-disabled={inactive}
          onClick={() => go(shown - 1)}
        >
          ‹
        </button>
        <button
          type="button"
          className="btn btn-circle btn-sm absolute top-1/2 right-2 -translate-y-1/2"
          aria-label="Next picture"
          aria-disabled={inactive}
          onClick={() => go(shown + 1)}
        >
          ›
        </button>
      </figure>
      <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Thumbnails">
        {pictures.map((src, index) => (
          <li key={src} className="shrink-0">
            <button
              type="button"
              aria-label={`Show picture ${index + 1} of ${count}`}
              aria-current={index === shown ? 'true' : undefined}
              aria-disabled={inactive}
              onClick={() => go(index)}
              className={`block rounded border-2 ${index === shown ? 'border-primary' : 'border-base-300'}`}
            >
              {inactive ? (
                // Room for the thumbnail: its picture waits until the page is live, so the
                // thumbnails do not share the phone's first bandwidth with the largest picture.
                <span className="block h-12 w-16" />
              ) : (
                <img
                  // The smallest copy there is: a thumbnail is 64 px wide.
                  src={imageVariantUrl(src, 400) ?? src}
                  alt=""
                  width={64}
                  height={48}
                  loading="lazy"
                  className="block h-12 w-16 object-contain"
                />
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
