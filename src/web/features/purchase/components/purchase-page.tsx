import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../../shared/for-sale.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { Product, ProductDetail } from '../../../../shared/product.ts';
import type { Variant } from '../../../../shared/variant.ts';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { shownPrice, WasPrice } from '../../../components/sale-price.tsx';
import { ContractPrice } from '../../../components/contract-price.tsx';
import { useContractPrices } from '../../../api/contract-prices.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { SignInRedirect } from '../../../components/sign-in-redirect.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useSignedInGate } from '../../../lib/auth/signed-in-gate.ts';
import { useProductPage } from '../../../api/products.ts';
import { PriceBreaksTable } from './price-breaks-table.tsx';
import type { BasketLineDraft } from './purchase-form.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { PlatformFacts } from './works-with-badge.tsx';
import { GoesWellWith } from './goes-well-with.tsx';
import { VariantPicker } from './variant-picker.tsx';
import { asVariant, chosenVariant, SKU_PARAM } from '../lib/variant-choice.ts';

// The forms (and their library and schemas) load once the page knows the customer.
const OrderSection = lazy(() => import('./order-section.tsx'));

interface ProductDetailsProps {
  /** The product as the chosen variant sells it (`asVariant`). */
  product: Product;
  email: string | undefined;
  /** The picker, for a product of several variants. */
  picker?: ReactNode;
  /** Issue 37: the signed-in member's contract price of the variant (after hydration only). */
  contractPrice?: number | undefined;
}

function ProductDetails({ product, email, picker, contractPrice }: ProductDetailsProps) {
  return (
    // min-w-0: the thumbnails' row scrolls inside the column instead of widening the page.
    <div className="flex min-w-0 flex-col gap-4">
      {/* Another variant's own pictures: the gallery starts again at their first. */}
      <ProductGallery key={product.img} product={product} />
      <h1 className="text-3xl font-bold">{product.name}</h1>
      <PlatformFacts product={product} email={email} />
      <p>{product.description}</p>
      {picker}
      {/* Read out when another variant is chosen: its price, SKU and stock. */}
      <div aria-live={picker ? 'polite' : undefined} className="flex flex-col gap-4">
        {/* Issue 36: on sale, the sale price and "Was" the price, struck through. */}
        {contractPrice === undefined ? (
          <>
            <p className="text-xl font-semibold">Price: ${formatDollars(shownPrice(product))}</p>
            <WasPrice item={product} />
          </>
        ) : (
          <>
            <ContractPrice yourPrice={contractPrice} listPrice={product.price} size="text-xl" />
            {product.salePromotion && (
              <p className="text-sm">
                On sale: <span className="badge badge-secondary">{product.salePromotion}</span>
              </p>
            )}
          </>
        )}
        {picker && <p>SKU: {product.sku}</p>}
        <VariantFacts product={product} />
      </div>
      <PriceBreaksTable
        price={product.price}
        minQuantity={product.minQuantity}
        breaks={product.priceBreaks}
      />
    </div>
  );
}

function VariantFacts({ product }: { product: Product }) {
  return (
    <ul>
      <li>Min order quantity: {product.minQuantity}</li>
      {product.withdrawn ? (
        <li className="font-semibold text-error">{PRODUCT_WITHDRAWN_MESSAGE}</li>
      ) : (
        <li>Stock available: {product.availableQuantity}</li>
      )}
    </ul>
  );
}

/**
 * The variant the URL's `?sku=` names (an unknown one: the default), the same on the server and
 * in the browser; choosing another replaces the URL's, so a reload or a shared link shows it.
 */
function useChosenVariant(product: ProductDetail | null | undefined) {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(SKU_PARAM);
  // The router changes the URL in a transition: the choice shows at once (a radio must be checked
  // when its click ends), until the URL has it. A later change of the URL (back) wins.
  const [picked, setPicked] = useState<{ over: string | null; sku: string } | null>(null);
  const sku = picked?.over === inUrl ? picked.sku : inUrl;
  const chosen = product ? chosenVariant(product, sku) : null;
  const choose = (variant: Variant) => {
    setPicked({ over: inUrl, sku: variant.sku });
    const next = new URLSearchParams(params);
    next.set(SKU_PARAM, variant.sku);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { chosen, choose };
}

const waitingForForm = <Spinner label="Loading the order form" />;

/**
 * Product detail and purchase form (/purchase/:productId, for signed-in customers). The product
 * is public and server-rendered with the page (the same for every visitor, cacheable); what
 * depends on the customer (the forms, "Works with your 18V batteries") appears once the page is
 * live and knows them, in room kept for it. A visitor found signed out is sent to sign in and
 * back; an unknown product is the not-found page (404 from the server).
 */
export function PurchasePage({
  productId,
  basketAction,
  notFound,
}: {
  productId: string;
  /** The not-found page, for an unknown product (the route composes it). */
  notFound: ReactNode;
  /** Add to basket beside Purchase, with the form's quantity (the route composes it). */
  basketAction?: (line: BasketLineDraft) => ReactNode;
}) {
  const { user, signInFirst } = useSignedInGate();
  // A visitor found signed out is on their way to sign in: nothing to ask for them.
  const product = useProductPage(productId, !signInFirst);
  const { chosen, choose } = useChosenVariant(product.data);
  // Issue 37: a member's contract prices, once the page is live (never in the cached HTML).
  const contract = useContractPrices([productId]);

  if (product.data === null) return notFound;
  if (signInFirst) return <SignInRedirect />;
  return (
    <QueryState
      query={product}
      loading="Loading product"
      failed="We couldn't load this product."
      // A failed refetch keeps showing the product as it was last seen.
      keepDataOnError
      className="my-24"
      frame={(state) => (
        <>
          <DocumentTitle title="Purchase" />
          <h1 className="sr-only">Purchase</h1>
          {state}
        </>
      )}
    >
      {(data) => {
        if (!data) return null;
        const sold = asVariant(data, chosen);
        const picker = data.variants.length > 1 && chosen && (
          <VariantPicker product={data} chosen={chosen} onChoose={choose} />
        );
        return (
          <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 lg:grid-cols-2">
            <DocumentTitle title={data.name} description={data.description} />
            <ProductDetails
              product={sold}
              email={user?.email}
              picker={picker || undefined}
              contractPrice={chosen ? contract.prices[chosen._id] : contract.products[data._id]}
            />
            {/* Room for the form kept from the first paint: it appears without moving anything. */}
            <section
              aria-labelledby="purchase-form-heading"
              className="flex min-h-[36rem] flex-col gap-5"
            >
              <h2 id="purchase-form-heading" className="text-2xl font-bold">
                Place your order
              </h2>
              {user ? (
                <Suspense fallback={waitingForForm}>
                  <OrderSection
                    product={sold}
                    variant={
                      picker && chosen
                        ? {
                            sku: chosen.sku,
                            label: chosen.label,
                            isDefault: chosen === data.variants[0],
                          }
                        : undefined
                    }
                    user={user}
                    basketAction={basketAction}
                  />
                </Suspense>
              ) : (
                waitingForForm
              )}
            </section>
            <div className="lg:col-span-2">
              <GoesWellWith productId={data._id} />
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}
