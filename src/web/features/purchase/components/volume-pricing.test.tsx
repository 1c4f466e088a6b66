import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { quotePaths } from '../../../../shared/quote.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeLineQuote, makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PurchasePage } from './purchase-page.tsx';

const wrench = makeProduct(7, {
  name: 'Impact Wrench',
  price: 100,
  minQuantity: 2,
  availableQuantity: 500,
  priceBreaks: [
    { minQuantity: 10, price: 90 },
    { minQuantity: 50, price: 80 },
  ],
});
const QUOTES = `POST ${quotePaths.quotes}`;

function BehindGuard() {
  return useAuth().status === 'signedIn' ? (
    <PurchasePage productId={wrench._id} notFound={null} />
  ) : null;
}

function renderPage() {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    [`GET ${apiPaths.addresses}`]: jsonResponse([]),
    [`GET ${apiPaths.product(wrench._id)}`]: jsonResponse(wrench),
    [QUOTES]: jsonResponse({ message: 'x', code: 'CONFLICT' }, 409),
    // Issue 35: the purchase form's live quote.
    [`POST ${apiPaths.checkout}/quote`]: ({ body }) =>
      jsonResponse(makeLineQuote(body, wrench.price)),
  });
  return {
    fetchMock,
    ...renderWithProviders(<BehindGuard />, { route: `/purchase/${wrench._id}` }),
  };
}

describe('volume pricing on the product page', () => {
  it('shows Buy more, pay less and prices the total at the break for the quantity', async () => {
    const { user } = renderPage();
    const heading = await screen.findByRole(
      'heading',
      { name: 'Buy more, pay less' },
      { timeout: 5000 },
    );
    const table = within(heading.parentElement!).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['From quantityUnit price', '2$100.00', '10$90.00', '50$80.00']);
    expect(
      await screen.findByText('Total Price: $200.00', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const quantity = screen.getByLabelText('Order Quantity');
    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(await screen.findByText('Total Price: $1,080.00')).toBeInTheDocument();
    expect(screen.getByText('Volume price from 10: $90.00 each')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '50');
    expect(await screen.findByText('Total Price: $4,000.00')).toBeInTheDocument();
  });

  it('sends a request for a quote with the quantity, target price and message', async () => {
    const { user, fetchMock } = renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Request a quote' }, { timeout: 5000 }),
    );
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText('Quantity is less than the minimum order quantity'),
    ).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '300');
    await user.type(screen.getByLabelText('Target unit price (optional)'), '70');
    await user.type(screen.getByLabelText('Message'), 'Fleet order');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock, QUOTES).body).toEqual({
        productId: wrench._id,
        quantity: '300',
        targetPrice: '70',
        message: 'Fleet order',
      }),
    );
  });
});
