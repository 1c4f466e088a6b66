import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { priceListPaths } from '../../../../shared/price-lists.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { mockApi } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeLineQuote, makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PurchasePage } from './purchase-page.tsx';

// Issue 37: a company member's contract price on the product page, asked for once the page knows
// them (GET /api/contract-prices): "Your price" and the public price as "List price".

const drill = makeProduct(1, { name: 'Cordless Drill', price: 129.99, minQuantity: 1 });
const CONTRACT = `GET ${priceListPaths.myPrices}?productIds=${drill._id}`;
type Answer = Parameters<typeof mockApi>[0][string];

function BehindGuard() {
  return useAuth().status === 'signedIn' ? (
    <PurchasePage productId={drill._id} notFound={<h1>Nothing here</h1>} />
  ) : null;
}

function renderPage(contract: Answer) {
  storeAccessToken('access-1');
  mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    [`GET ${apiPaths.product(drill._id)}`]: jsonResponse(drill),
    [`GET ${apiPaths.productNotify(drill._id)}`]: jsonResponse({ subscribed: false }),
    [`POST ${apiPaths.checkout}/quote`]: ({ body }) => jsonResponse(makeLineQuote(body, 110.5)),
    [CONTRACT]: contract,
  });
  renderWithProviders(<BehindGuard />, { route: `/purchase/${drill._id}` });
}

describe('a contract price on the product page', () => {
  it('shows "Your price" and the list price for a member with one', async () => {
    renderPage(
      jsonResponse({
        priceListName: 'Builders',
        prices: {},
        products: { [drill._id]: 110.5 },
      }),
    );
    expect(await screen.findByText('Your price $110.50')).toBeInTheDocument();
    expect(screen.getByText('List price $129.99')).toBeInTheDocument();
    expect(screen.queryByText('Price: $129.99')).not.toBeInTheDocument();
  });

  it('shows the public price to everyone else', async () => {
    renderPage(jsonResponse({ priceListName: null, prices: {}, products: {} }));
    expect(await screen.findByText('Price: $129.99')).toBeInTheDocument();
    expect(screen.queryByText(/Your price/)).not.toBeInTheDocument();
  });
});
