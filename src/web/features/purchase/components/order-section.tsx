import type { ReactNode } from 'react';
import { isForSale } from '../../../../shared/for-sale.ts';
import type { Product } from '../../../../shared/product.ts';
import type { AccountUser } from '../../../lib/auth/session.ts';
import { BackInStock } from './back-in-stock.tsx';
import { PurchaseForm, type BasketLineDraft } from './purchase-form.tsx';
import { RequestQuoteForm } from './request-quote-form.tsx';

export interface OrderSectionProps {
  product: Product;
  user: AccountUser;
  basketAction?: ((line: BasketLineDraft) => ReactNode) | undefined;
}

/**
 * What the signed-in customer does on the product page: the purchase form (or "Notify me" while
 * the product cannot be ordered: too little stock, or withdrawn by a recall) and Request a quote.
 * Its own chunk (the forms, their library and schemas), loaded once the page knows the customer:
 * the server-rendered page does not carry it.
 */
export default function OrderSection({ product, user, basketAction }: OrderSectionProps) {
  return (
    <>
      {!isForSale(product) ? (
        <BackInStock product={product} email={user.email} />
      ) : (
        <PurchaseForm key={product._id} product={product} user={user} basketAction={basketAction} />
      )}
      <RequestQuoteForm key={`quote-${product._id}`} product={product} />
    </>
  );
}
