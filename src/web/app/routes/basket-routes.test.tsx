import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { ADDED_TO_BASKET_MESSAGE, basketNotices } from '../../../shared/basket.ts';
import { BELOW_MINIMUM_MESSAGE } from '../../../shared/purchase.ts';
import { getVisitorLines, setVisitorLines } from '../../features/basket/lib/visitor-basket.ts';
import { lastRequest, mockApi, requestLog } from '../../test/api-routes.ts';
import {
  customer,
  identitySignInResponse,
  sessionResponse,
  storeAccessToken,
} from '../../test/auth.ts';
import { jsonResponse } from '../../test/fetch-mock.ts';
import {
  makeBasket,
  makeBasketLine,
  makeLineQuote,
  makeProduct,
  makePublicConfig,
  makePurchase,
  makeSearchResult,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

// The basket where the routes compose it: Add to basket on the product page and the catalogue's
// cards, Order again in My Orders, and a visitor's basket moving into the account at sign-in.

const drill = makeProduct(1, { name: 'Drill', minQuantity: 10, availableQuantity: 50 });
const battery = makeProduct(2, { name: 'Battery', minQuantity: 2, availableQuantity: 0 });
const SESSION = `GET ${apiPaths.auth.session}`;
const MERGE = `POST ${apiPaths.basketMerge}`;
const BASKET = `GET ${apiPaths.basket}`;

function signedIn(routes: Parameters<typeof mockApi>[0]) {
  storeAccessToken('access-1');
  return mockApi({ [SESSION]: sessionResponse(customer, 'access-1'), ...routes });
}

describe('Add to basket', () => {
  it('adds the quantity typed on the product page to the customer basket', async () => {
    const fetchMock = signedIn({
      [`GET ${apiPaths.product(drill._id)}`]: jsonResponse(drill),
      [`GET ${apiPaths.addresses}`]: jsonResponse([]),
      [MERGE]: jsonResponse(makeBasket([makeBasketLine(1, 12)])),
      // Issue 35: the purchase form's live quote.
      [`POST ${apiPaths.checkout}/quote`]: ({ body }) =>
        jsonResponse(makeLineQuote(body, drill.price)),
    });
    const { user } = renderApp(`/purchase/${drill._id}`);
    const form = await screen.findByRole('form', { name: 'Purchase Drill' }, { timeout: 5000 });
    const quantity = within(form).getByLabelText('Order Quantity');
    const add = within(form).getByRole('button', { name: 'Add to basket' });

    await user.clear(quantity);
    await user.type(quantity, '9');
    expect(quantity).toHaveAccessibleDescription(BELOW_MINIMUM_MESSAGE);
    expect(add).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Purchase' })).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(add);

    expect(await screen.findByText(ADDED_TO_BASKET_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, MERGE).body).toEqual({
      lines: [{ productId: drill._id, quantity: 12 }],
    });
    expect(await screen.findByRole('link', { name: 'Basket, 1 line' })).toBeInTheDocument();
  });

  it("adds a card's minimum order to a visitor's basket in this browser", async () => {
    const fetchMock = mockApi({
      [`GET /api/products/search`]: jsonResponse(makeSearchResult([drill, battery])),
    });
    const { user } = renderApp('/allProducts');

    const card = (await screen.findByRole('heading', { name: 'Drill' }, { timeout: 5000 })).closest(
      'article',
    )!;
    const add = within(card).getByRole('button', { name: 'Add to basket' });
    expect(add).toHaveAccessibleDescription('Drill');
    // Out of stock: nothing to add.
    const batteryCard = screen.getByRole('heading', { name: 'Battery' }).closest('article')!;
    expect(within(batteryCard).getByRole('button', { name: 'Add to basket' })).toBeDisabled();

    await user.click(add);
    expect(await screen.findByText(ADDED_TO_BASKET_MESSAGE)).toBeInTheDocument();
    await user.click(add);

    await waitFor(() =>
      expect(getVisitorLines()).toEqual([{ productId: drill._id, quantity: 20 }]),
    );
    expect(await screen.findByRole('link', { name: 'Basket, 1 line' })).toBeInTheDocument();
    expect(requestLog(fetchMock)).not.toContain(MERGE);
  });
});

describe('Order again', () => {
  it('puts the product and quantity of an order into the basket, with what was adjusted', async () => {
    const order = makePurchase(1, {
      product: 'Drill',
      orderQuantity: 60,
      stat: 'shipped',
      paid: true,
    });
    const notice = basketNotices.loweredToStock('Drill', 50);
    const fetchMock = signedIn({
      [`GET ${apiPaths.adminCheck(customer.email)}`]: jsonResponse({ admin: false }),
      [`GET ${apiPaths.myPurchases(customer.email)}`]: jsonResponse([order]),
      'GET /api/aftersale/mine': jsonResponse({}),
      [MERGE]: jsonResponse(makeBasket([makeBasketLine(1, 50)], [notice])),
    });
    const { user } = renderApp('/dashboard/myOrders');

    const again = await screen.findByRole('button', { name: 'Order again' }, { timeout: 5000 });
    expect(again).toHaveAccessibleDescription('Drill');
    await user.click(again);

    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.queryByText(ADDED_TO_BASKET_MESSAGE)).not.toBeInTheDocument();
    expect(lastRequest(fetchMock, MERGE).body).toEqual({
      lines: [{ productId: order.productId, quantity: 60 }],
    });
  });
});

describe('Sign-in', () => {
  it("moves a visitor's basket into the account, says what changed and comes back to checkout", async () => {
    setVisitorLines([
      { productId: drill._id, quantity: 10 },
      { productId: battery._id, quantity: 2 },
    ]);
    // The account's basket held 45 drills already; the battery sold out meanwhile.
    const notices = [
      basketNotices.loweredToStock('Drill', 50),
      basketNotices.outOfStock('Battery'),
    ];
    const fetchMock = mockApi({
      [`GET ${apiPaths.product(drill._id)}`]: jsonResponse(drill),
      [`GET ${apiPaths.product(battery._id)}`]: jsonResponse({ ...battery, availableQuantity: 9 }),
      [`GET ${apiPaths.config}`]: jsonResponse(makePublicConfig()),
      [`POST ${apiPaths.auth.signIn}`]: identitySignInResponse(customer),
      [`PUT ${apiPaths.accessToken(customer.email)}`]: jsonResponse({ token: 'access-1' }),
      [`GET ${apiPaths.addresses}`]: jsonResponse([]),
      [MERGE]: jsonResponse(makeBasket([makeBasketLine(1, 50, { name: 'Drill' })], notices)),
    });
    const { user, router } = renderApp('/basket');
    expect(
      await screen.findByRole('link', { name: 'Basket, 2 lines' }, { timeout: 5000 }),
    ).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), customer.email);
    await user.type(screen.getByLabelText('Password'), 'secret!1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Checkout' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    for (const notice of notices) expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Drill' })).toHaveTextContent(
      'Quantity: 50',
    );
    expect(await screen.findByRole('link', { name: 'Basket, 1 line' })).toBeInTheDocument();
    expect(lastRequest(fetchMock, MERGE).body).toEqual({
      lines: [
        { productId: drill._id, quantity: 10 },
        { productId: battery._id, quantity: 2 },
      ],
    });
    expect(lastRequest(fetchMock, MERGE).headers.get('Authorization')).toBe('Bearer access-1');
    // Merged once, then forgotten here: the server holds the basket now.
    expect(requestLog(fetchMock).filter((request) => request === MERGE)).toHaveLength(1);
    expect(requestLog(fetchMock)).not.toContain(BASKET);
    expect(getVisitorLines()).toEqual([]);
  });
});
