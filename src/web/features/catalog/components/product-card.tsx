import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../../shared/for-sale.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { imageSrcSet } from '../../../../shared/image-variants.ts';
import { listPriceText, variantPricesDiffer } from '../../../../shared/list-price.ts';
import type { Product } from '../../../../shared/product.ts';
import { HighlightedText } from './highlighted-text.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { shownPrice, WasPrice } from '../../../components/sale-price.tsx';
import { ContractPrice } from '../../../components/contract-price.tsx';

interface ProductCardProps {
  product: Product;
  /** Heading level of the product name, one below the section's heading. */
  headingLevel?: 'h2' | 'h3';
  /** The words a search matched, marked in the name and description (highlightPattern). */
  highlight?: RegExp | null | undefined;
  /** The first card of a page: its image is the largest thing on a phone's first screen (LCP). */
  priority?: boolean;
  /** A control beside Purchase (Add to basket, composed by the route); `nameId` names the product. */
  action?: CardAction | undefined;
  /** Issue 37: the signed-in member's contract price (after hydration only), or undefined. */
  contractPrice?: number | undefined;
}

/** Issue 24: the battery platform, and whether a battery comes with it. */
function PlatformLine({ product }: { product: Product }) {
  return (
    <li>
      Battery platform: {product.platform}
      {product.batteryIncluded ? ' (battery included)' : ' (tool only)'}
    </li>
  );
}

export type CardAction = (product: Product, nameId: string) => ReactNode;

/**
 * The card's price; issue 36: on sale, the sale price and "Was" the price (variants that differ in
 * price: "from" as before, and the promotion's name).
 */
function SaleAwarePrice({
  product,
  contractPrice,
}: {
  product: Product;
  contractPrice: number | undefined;
}) {
  if (contractPrice !== undefined && !variantPricesDiffer(product))
    return (
      <>
        <ContractPrice yourPrice={contractPrice} listPrice={product.price} />
        {product.salePromotion && (
          <p className="text-sm">
            On sale: <span className="badge badge-secondary">{product.salePromotion}</span>
          </p>
        )}
      </>
    );
  if (product.salePrice === null)
    return <p className="text-lg font-semibold">Price: {listPriceText(product)}</p>;
  if (variantPricesDiffer(product))
    return (
      <>
        <p className="text-lg font-semibold">Price: {listPriceText(product)}</p>
        <p className="text-sm">
          On sale: <span className="badge badge-secondary">{product.salePromotion}</span>
        </p>
      </>
    );
  return (
    <>
      <p className="text-lg font-semibold">Price: ${formatDollars(shownPrice(product))}</p>
      <WasPrice item={product} />
    </>
  );
}

export function ProductCard({
  product,
  headingLevel: Heading = 'h3',
  highlight,
  priority = false,
  action,
  contractPrice,
}: ProductCardProps) {
  const nameId = useId();
  const lowest = product.priceBreaks.at(-1);
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200">
        <img
          src={product.img}
          // The grid's column width: the browser picks the 400 or 800 px copy it needs.
          srcSet={imageSrcSet(product.img)}
          sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
          alt={product.name}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          width={600}
          height={450}
          className="aspect-[4/3] w-full object-contain"
        />
      </figure>
      <div className="card-body">
        <Heading id={nameId} className="card-title">
          <HighlightedText text={product.name} pattern={highlight} />
        </Heading>
        {/* Issue 34: "from" the cheapest variant's price when the variants differ. */}
        <SaleAwarePrice product={product} contractPrice={contractPrice} />
        {/* The lowest volume price (the last break), read inline: no zod in the home page's JS. */}
        {lowest !== undefined && (
          <p className="text-success">from ${formatDollars(lowest.price)}</p>
        )}
        <p>
          <HighlightedText text={product.description} pattern={highlight} />
        </p>
        <ul className="text-sm">
          <li>Min order quantity: {product.minQuantity}</li>
          {product.withdrawn ? (
            <li className="font-semibold text-error">{PRODUCT_WITHDRAWN_MESSAGE}</li>
          ) : (
            <li>Stock Quantity: {product.availableQuantity}</li>
          )}
          {product.platform && <PlatformLine product={product} />}
        </ul>
        <div className="card-actions mt-auto justify-end pt-2">
          {action?.(product, nameId)}
          <Link
            to={pageRoutes.purchase.href({ productId: product._id })}
            className="btn btn-primary"
          >
            Purchase
          </Link>
        </div>
      </div>
    </article>
  );
}
