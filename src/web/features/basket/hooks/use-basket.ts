import { useQueries } from '@tanstack/react-query';
import {
  GONE_PRODUCT_NAME,
  PRODUCT_GONE_MESSAGE,
  type BasketLine,
  type BasketLineInput,
} from '../../../../shared/basket.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../../shared/for-sale.ts';
import type { Product } from '../../../../shared/product.ts';
import { productQueryOptions } from '../../../api/products.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { useServerBasket } from '../api/basket-query.ts';
import { useUpdateBasket } from '../api/update-basket.ts';
import { atQuantity, priced, type PricedBasket } from '../lib/basket-lines.ts';
import {
  setVisitorLines,
  useVisitorBasketLines,
  type VisitorBasketLine,
} from '../lib/visitor-basket.ts';

export type BasketState =
  | { status: 'pending' }
  | { status: 'error'; error: Error; retry: () => void; retrying: boolean }
  | { status: 'ready'; basket: PricedBasket };

export interface BasketHandle {
  state: BasketState;
  /** Replaces the basket's lines (a quantity changed, a line removed). */
  saveLines: (lines: BasketLineInput[]) => void;
}

/** A visitor's line as the catalogue prices it today (the server does it for a customer). */
function visitorLine({ productId, quantity }: VisitorBasketLine, product: Product | null) {
  const line: BasketLine = product
    ? {
        productId,
        sku: product.sku,
        variantLabel: '',
        name: product.name,
        img: product.img,
        price: product.price,
        basePrice: product.price,
        priceBreaks: product.priceBreaks,
        quantity,
        lineTotal: 0,
        minQuantity: product.minQuantity,
        availableQuantity: product.availableQuantity,
        problem: product.withdrawn ? PRODUCT_WITHDRAWN_MESSAGE : null,
      }
    : {
        productId,
        sku: '',
        variantLabel: '',
        name: GONE_PRODUCT_NAME,
        img: '',
        price: 0,
        basePrice: 0,
        priceBreaks: [],
        quantity,
        lineTotal: 0,
        minQuantity: 0,
        availableQuantity: 0,
        problem: PRODUCT_GONE_MESSAGE,
      };
  return atQuantity(line, quantity);
}

function useVisitorBasket(enabled: boolean): BasketState {
  const lines = useVisitorBasketLines();
  const products = useQueries({
    queries: (enabled ? lines : []).map((line) => ({
      ...productQueryOptions(line.productId),
      // A product that is gone stays gone: its line says so rather than the page failing.
      retry: false,
    })),
  });
  const failed = products.find(
    (product) => product.isError && !(isApiError(product.error) && product.error.status === 404),
  );
  if (failed?.error) {
    return {
      status: 'error',
      error: failed.error,
      retry: () => products.forEach((product) => void product.refetch()),
      retrying: products.some((product) => product.isFetching),
    };
  }
  if (products.some((product) => product.isPending && product.fetchStatus !== 'idle')) {
    return { status: 'pending' };
  }
  return {
    status: 'ready',
    basket: priced(lines.map((line, index) => visitorLine(line, products[index]?.data ?? null))),
  };
}

/**
 * The basket of whoever is here: a visitor's from this browser, priced from the catalogue; a
 * signed-in customer's from the server.
 */
export function useBasket(): BasketHandle {
  const { status } = useAuth();
  const visitor = useVisitorBasket(status === 'signedOut');
  const server = useServerBasket();
  const update = useUpdateBasket();

  if (status === 'signedOut') return { state: visitor, saveLines: setVisitorLines };

  const saveLines = (lines: BasketLineInput[]) => update.mutate(lines);
  if (status === 'loading' || server.isPending) return { state: { status: 'pending' }, saveLines };
  if (server.isError && server.data === undefined) {
    return {
      state: {
        status: 'error',
        error: server.error,
        retry: () => void server.refetch(),
        retrying: server.isFetching,
      },
      saveLines,
    };
  }
  return { state: { status: 'ready', basket: server.data ?? priced([]) }, saveLines };
}
