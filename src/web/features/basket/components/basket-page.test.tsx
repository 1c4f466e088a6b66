import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { BASKET_EMPTY_MESSAGE, PRODUCT_GONE_MESSAGE } from '../../../../shared/basket.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../../shared/for-sale.ts';
import { ABOVE_STOCK_MESSAGE, BELOW_MINIMUM_MESSAGE } from '../../../../shared/purchase.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeBasket, makeBasketLine, makeProduct, uuid } from '../../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../../test/render.tsx';
import { getVisitorLines, setVisitorLines } from '../lib/visitor-basket.ts';
import { BasketPage } from './basket-page.tsx';

const drill = makeProduct(1, { name: 'Drill', price: 120, minQuantity: 2, availableQuantity: 20 });
const battery = makeProduct(2, { name: 'Battery', price: 45.5, minQuantity: 1 });
const BASKET = `GET ${apiPaths.basket}`;
const PUT_BASKET = `PUT ${apiPaths.basket}`;

function line(name: string) {
  return screen.getByRole('listitem', { name });
}

function renderVisitorBasket() {
  setVisitorLines([
    { productId: drill._id, quantity: 3 },
    { productId: battery._id, quantity: 4 },
  ]);
  const fetchMock = mockApi({
    [`GET ${apiPaths.product(drill._id)}`]: jsonResponse(drill),
    [`GET ${apiPaths.product(battery._id)}`]: jsonResponse(battery),
  });
  return { fetchMock, ...renderWithProviders(<BasketPage />, { route: '/basket' }) };
}

describe('BasketPage', () => {
  it("shows a visitor's lines from this browser, priced from the catalogue, with the total", async () => {
    renderVisitorBasket();

    expect(await screen.findByRole('heading', { level: 2, name: 'Drill' })).toBeInTheDocument();
    expect(within(line('Drill')).getByText('Unit price: $120.00')).toBeInTheDocument();
    expect(within(line('Drill')).getByLabelText('Quantity')).toHaveValue(3);
    expect(within(line('Drill')).getByText('Line total: $360.00')).toBeInTheDocument();
    expect(within(line('Battery')).getByText('Line total: $182.00')).toBeInTheDocument();
    expect(screen.getByText('Total Price: $542.00')).toBeInTheDocument();
    expect(screen.getByText('Shipping and tax are calculated at checkout.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it("shows the spec's quantity messages inline and holds Checkout until they are fixed", async () => {
    const { user } = renderVisitorBasket();
    const quantity = within(await screen.findByRole('listitem', { name: 'Drill' })).getByLabelText(
      'Quantity',
    );

    await user.clear(quantity);
    await user.type(quantity, '1');
    expect(quantity).toHaveAccessibleDescription(BELOW_MINIMUM_MESSAGE);
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '21');
    expect(quantity).toHaveAccessibleDescription(ABOVE_STOCK_MESSAGE);

    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(quantity).not.toHaveAccessibleDescription();
    expect(within(line('Drill')).getByText('Line total: $600.00')).toBeInTheDocument();
    expect(screen.getByText('Total Price: $782.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
    expect(getVisitorLines()).toEqual([
      { productId: drill._id, quantity: 5 },
      { productId: battery._id, quantity: 4 },
    ]);
  });

  it('removes a line, keeps the focus on the page, and shows the empty basket at the end', async () => {
    const { user } = renderVisitorBasket();
    await screen.findByRole('listitem', { name: 'Drill' });

    await user.click(within(line('Drill')).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('listitem', { name: 'Drill' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Basket' })).toHaveFocus();
    expect(screen.getByText('Total Price: $182.00')).toBeInTheDocument();

    await user.click(within(line('Battery')).getByRole('button', { name: 'Remove' }));
    expect(screen.getByText(BASKET_EMPTY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute(
      'href',
      '/allProducts',
    );
    expect(getVisitorLines()).toEqual([]);
  });

  it('says so when a product of the basket no longer exists', async () => {
    setVisitorLines([{ productId: 'gone', quantity: 1 }]);
    mockApi({
      [`GET ${apiPaths.product('gone')}`]: jsonResponse(
        { code: 'NOT_FOUND', message: 'Product not found' },
        404,
      ),
    });
    renderWithProviders(<BasketPage />, { route: '/basket' });

    expect(await screen.findByText(PRODUCT_GONE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it("shows a customer's line of a deleted product as no longer available, to remove (issue 39)", async () => {
    storeAccessToken('access-1');
    const gone = makeBasketLine(2, 1, {
      name: 'Vanishing Saw',
      img: '',
      price: 0,
      basePrice: 0,
      lineTotal: 0,
      problem: PRODUCT_GONE_MESSAGE,
    });
    const fetchMock = mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
      [BASKET]: jsonResponse(makeBasket([makeBasketLine(1, 10), gone])),
      [PUT_BASKET]: jsonResponse(makeBasket([makeBasketLine(1, 10)])),
    });
    const { user } = renderWithProviders(<BasketPage />, { route: '/basket' });
    const item = await screen.findByRole('listitem', { name: 'Vanishing Saw' });
    expect(within(item).getByText(PRODUCT_GONE_MESSAGE)).toBeInTheDocument();
    expect(within(item).queryByLabelText('Quantity')).not.toBeInTheDocument();
    expect(within(item).queryByText(/Unit price/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();

    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock, PUT_BASKET).body).toEqual({
        lines: [{ productId: makeBasketLine(1, 1).productId, quantity: 10 }],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it("says a visitor's line of a product withdrawn by a recall cannot be ordered", async () => {
    setVisitorLines([{ productId: drill._id, quantity: 3 }]);
    mockApi({
      [`GET ${apiPaths.product(drill._id)}`]: jsonResponse({ ...drill, withdrawn: true }),
    });
    renderWithProviders(<BasketPage />, { route: '/basket' });
    const quantity = within(await screen.findByRole('listitem', { name: 'Drill' })).getByLabelText(
      'Quantity',
    );
    expect(quantity).toHaveAccessibleDescription(PRODUCT_WITHDRAWN_MESSAGE);
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it("saves a customer's quantity on the server and shows the server's answer", async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
      [BASKET]: jsonResponse(makeBasket([makeBasketLine(1, 10), makeBasketLine(2, 10)])),
      [PUT_BASKET]: ({ body }) => {
        const { lines } = body as { lines: { productId: string; quantity: number }[] };
        return jsonResponse(
          makeBasket(lines.map((sent, index) => makeBasketLine(index + 1, sent.quantity))),
        );
      },
    });
    const { user } = renderWithProviders(<BasketPage />, { route: '/basket' });
    const quantity = within(
      await screen.findByRole('listitem', { name: 'Product 2' }),
    ).getByLabelText('Quantity');
    expect(screen.getByText('Total Price: $2,030.00')).toBeInTheDocument();

    await user.type(quantity, '0');
    await waitFor(() =>
      expect(lastRequest(fetchMock, PUT_BASKET).body).toEqual({
        lines: [
          { productId: makeBasketLine(1, 1).productId, quantity: 10 },
          { productId: makeBasketLine(2, 1).productId, quantity: 100 },
        ],
      }),
    );
    expect(await screen.findByText('Total Price: $11,210.00')).toBeInTheDocument();

    await user.click(within(line('Product 1')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock, PUT_BASKET).body).toEqual({
        lines: [{ productId: makeBasketLine(2, 1).productId, quantity: 100 }],
      }),
    );
    expect(requestLog(fetchMock).filter((request) => request === BASKET)).toHaveLength(1);
  });

  it("estimates shipping and tax for a customer's newest saved address (issue 35)", async () => {
    storeAccessToken('access-1');
    const texas = {
      name: 'Ana Lima',
      company: '',
      line1: '1 Congress Ave',
      line2: '',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      country: 'US',
      phone: '',
    };
    const saved = {
      _id: uuid(7001),
      address: '1 Congress Ave, Austin, TX 78701, US',
      phone: '',
      postal: texas,
      createdAt: '2026-11-28T10:00:00.000Z',
    };
    const standard = {
      id: uuid(7101),
      name: 'Standard',
      deliveryText: '3–5 business days',
      price: 9.95,
      tax: 0.62,
      collect: false,
    };
    const fetchMock = mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
      [BASKET]: jsonResponse(makeBasket([makeBasketLine(1, 10)])),
      'GET /api/addresses': jsonResponse([saved]),
      'POST /api/checkout/quote': jsonResponse({
        quoteId: uuid(7201),
        expiresAt: '2026-11-29T10:30:00.000Z',
        address: texas,
        lines: [],
        shippingMethods: [standard],
        shippingMethod: standard,
        subtotal: 1010,
        discount: 0,
        promotions: [],
        shipping: 9.95,
        tax: 63.75,
        total: 1083.7,
        weightGrams: 10_000,
        pricesIncludeTax: false,
        taxNote: null,
        paymentMethod: 'card',
        company: null,
      }),
    });
    renderWithProviders(<BasketPage />, { route: '/basket' });

    expect(
      await screen.findByText('Estimated for delivery to 1 Congress Ave, Austin, TX 78701, US:'),
    ).toBeInTheDocument();
    const summary = screen.getByRole('group', { name: 'Order summary' });
    expect(within(summary).getByText('$63.75')).toBeInTheDocument();
    expect(within(summary).getByText('$1,083.70')).toBeInTheDocument();
    expect(lastRequest(fetchMock, 'POST /api/checkout/quote').body).toEqual({
      addressId: saved._id,
    });
    expect(screen.queryByText('Shipping and tax are calculated at checkout.')).toBeNull();
  });

  it('sends a visitor to sign in on Checkout, and back to /checkout after', async () => {
    setVisitorLines([{ productId: drill._id, quantity: 3 }]);
    mockApi({ [`GET ${apiPaths.product(drill._id)}`]: jsonResponse(drill) });
    const { user, router } = renderApp('/basket');

    await user.click(await screen.findByRole('button', { name: 'Checkout' }, { timeout: 5000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/checkout' } });
  });

  it('offers a retry when the basket cannot be loaded', async () => {
    storeAccessToken('access-1');
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
      [BASKET]: () => answer,
    });
    const { user } = renderWithProviders(<BasketPage />, { route: '/basket' });

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your basket.");
    answer = jsonResponse(makeBasket([]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(BASKET_EMPTY_MESSAGE)).toBeInTheDocument();
  });
});
