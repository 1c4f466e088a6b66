import type { ReactNode } from 'react';
import { isForSale } from '../../../../shared/for-sale.ts';
import type { Product } from '../../../../shared/product.ts';
import type { AccountUser } from '../../../lib/auth/session.ts';
import { BackInStock } from './back-in-stock.tsx';
import { PurchaseForm, type BasketLineDraft, type ChosenVariant } from './purchase-form.tsx';
import { RequestQuoteForm } from './request-quote-form.tsx';

export interface OrderSectionProps {
  /** The product as the chosen variant sells it (its SKU, price, minimum, stock). */
  product: Product;
  /** The chosen variant of a product of several (none: a product of one, as before issue 34). */
  variant?: ChosenVariant | undefined;
  user: AccountUser;
  basketAction?: ((line: BasketLineDraft) => ReactNode) | undefined;
}

/**
 * What the signed-in customer does on the product page: the purchase form (or "Notify me" while
 * the product cannot be ordered: too little stock, or withdrawn by a recall) and Request a quote.
 * Its own chunk (the forms, their library and schemas), loaded once the page knows the customer:
 * the server-rendered page does not carry it.
 */
export default function OrderSection({ product, variant, user, basketAction }: OrderSectionProps) {
  // Stock alerts and quotes are still the default variant's (issue 34): another offers neither.
  const isDefaultVariant = variant?.isDefault ?? true;
  return (
    <>
      {!isForSale(product) ? (
        <BackInStock product={product} email={user.email} canSubscribe={isDefaultVariant} />
      ) : (
        <PurchaseForm
          key={product._id}
          product={product}
          variant={variant}
          user={user}
          basketAction={basketAction}
        />
      )}
      {isDefaultVariant && <RequestQuoteForm key={`quote-${product._id}`} product={product} />}
    </>
  );
}
