import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { CheckoutQuote, ShippingOption } from '../../../../shared/pricing.ts';
import {
  CODE_UNKNOWN_MESSAGE,
  CODE_USED_UP_MESSAGE,
  codeKey,
} from '../../../../shared/promotions.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import {
  austinAddress,
  makeBasket,
  makeBasketLine,
  makePurchase,
  makeProduct,
  uuid,
} from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { getPromotionCodes, setPromotionCodes } from '../lib/promotion-codes.ts';
import { setVisitorLines } from '../lib/visitor-basket.ts';
import { BasketPage } from './basket-page.tsx';
import { CheckoutPage } from './checkout-page.tsx';

// Issue 36: promotion codes on the basket and the checkout, against a mocked pricing step that
// knows one code, SAVE10 (10% off, "Trade show 10%"), and refuses any other as unknown.

const drill = makeBasketLine(1, 10, { name: 'Drill' });
const BASKET = `GET ${apiPaths.basket}`;
const PLACE = `POST ${apiPaths.checkout}`;
const ADDRESSES = `GET ${apiPaths.addresses}`;
const QUOTE = `POST ${apiPaths.checkout}/quote`;
const PRICED = { timeout: 4000 };
const TEXAS = austinAddress(customer.name);
const saved = {
  _id: uuid(4001),
  address: '1 Main Street, Austin, TX 78701, US',
  phone: TEXAS.phone,
  postal: TEXAS,
  createdAt: '2026-11-01T00:00:00.000Z',
};
const standard: ShippingOption = {
  id: uuid(5001),
  name: 'Standard',
  deliveryText: '3–5 business days',
  price: 12.5,
  tax: 1.03,
  collect: false,
};

/**
 * Worked out by hand, Texas at 8.25%: Drill 10 × 101.00 = 1,010.00. Without a code: tax 83.33 +
 * 1.03 on shipping, total 1,106.86. With SAVE10: discount 101.00, the line 909.00, its tax 74.99
 * (74.9925), total 909.00 + 12.50 + 76.02 = 997.52.
 */
function quote(codes: string[], n: number): CheckoutQuote {
  const discounted = codes.some((code) => codeKey(code) === 'SAVE10');
  const discount = discounted ? 101 : 0;
  return {
    quoteId: uuid(6000 + n),
    expiresAt: '2026-11-29T10:30:00.000Z',
    address: TEXAS,
    lines: [
      {
        productId: drill.productId,
        sku: drill.sku,
        name: 'Drill',
        variantLabel: '',
        quantity: 10,
        unitPrice: 101,
        discount,
        lineTotal: discounted ? 909 : 1010,
        tax: discounted ? 74.99 : 83.33,
        taxRate: 8.25,
      },
    ],
    shippingMethods: [standard],
    shippingMethod: standard,
    subtotal: 1010,
    discount,
    promotions: discounted
      ? [
          {
            id: uuid(8001),
            name: 'Trade show 10%',
            code: 'SAVE10',
            kind: 'percent_off',
            discount: 101,
            shippingDiscount: 0,
            lines: [{ productId: drill.productId, sku: drill.sku, discount: 101 }],
          },
        ]
      : [],
    shipping: 12.5,
    tax: discounted ? 76.02 : 84.36,
    total: discounted ? 997.52 : 1106.86,
    weightGrams: 10_000,
    pricesIncludeTax: false,
    taxNote: null,
    paymentMethod: 'card',
    company: null,
  };
}

const refused = (message: string) =>
  jsonResponse({ code: 'VALIDATION_FAILED', message, fields: { codes: message } }, 400);

type Answer = Parameters<typeof mockApi>[0][string];

/** The pricing step: SAVE10 applies (unless `usedUp` says its last use went), any other is unknown. */
function pricingStep(usedUp: () => boolean = () => false): Answer {
  let n = 0;
  return ({ body }) => {
    const codes = (body as { codes?: string[] }).codes ?? [];
    if (codes.some((code) => codeKey(code) !== 'SAVE10')) return refused(CODE_UNKNOWN_MESSAGE);
    if (codes.length > 0 && usedUp()) return refused(CODE_USED_UP_MESSAGE);
    n += 1;
    return jsonResponse(quote(codes, n));
  };
}

const placed = {
  checkoutId: uuid(3001),
  reference: 'C-1042',
  orders: [makePurchase(1, { product: 'Drill', checkoutReference: 'C-1042' })],
  totalPrice: 997.52,
  paymentMethod: 'card',
  approval: 'none',
  invoice: null,
};

function BehindGuard({ page }: { page: 'checkout' | 'basket' }) {
  if (useAuth().status !== 'signedIn') return null;
  return page === 'checkout' ? <CheckoutPage /> : <BasketPage />;
}

function renderSignedIn(page: 'checkout' | 'basket', routes: Record<string, Answer> = {}) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    [BASKET]: jsonResponse(makeBasket([drill])),
    [ADDRESSES]: jsonResponse([saved]),
    [QUOTE]: pricingStep(),
    ...routes,
  });
  return { fetchMock, ...renderWithProviders(<BehindGuard page={page} />, { route: `/${page}` }) };
}

/** Picks the saved Texas address at the checkout and waits for its quote. */
async function deliverToTexas(user: ReturnType<typeof renderSignedIn>['user']) {
  await user.selectOptions(
    await screen.findByLabelText('Saved address', {}, PRICED),
    '1 Main Street, Austin, TX 78701, US (+1 512 555 0100)',
  );
  await screen.findByRole('group', { name: 'Shipping method' }, PRICED);
}

const summary = () => within(screen.getByRole('group', { name: 'Order summary' }));
const codeField = () => screen.getByLabelText('Promotion code');
const appliedCodes = () => screen.queryByRole('list', { name: 'Codes applied:' });

describe('Promotion codes at the checkout', () => {
  it('applies a code the quote accepts: the promotion, its saving, the discount, and places with it', async () => {
    const { user, fetchMock, router } = renderSignedIn('checkout', {
      [PLACE]: jsonResponse(placed, 201),
    });
    await deliverToTexas(user);
    expect(summary().queryByText('Discount')).not.toBeInTheDocument();

    await user.type(codeField(), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const promotions = await screen.findByRole('list', { name: 'Promotions' }, PRICED);
    expect(within(promotions).getByRole('listitem')).toHaveTextContent(
      'Trade show 10% (code SAVE10)−$101.00',
    );
    await waitFor(
      () => expect(summary().getByText('Total').nextSibling).toHaveTextContent('$997.52'),
      PRICED,
    );
    expect(summary().getByText('Discount').nextSibling).toHaveTextContent('−$101.00');
    expect(summary().getByText('Subtotal').nextSibling).toHaveTextContent('$1,010.00');
    expect(screen.getByRole('listitem', { name: 'Drill' })).toHaveTextContent('Discount: −$101.00');
    expect(screen.getByRole('listitem', { name: 'Drill' })).toHaveTextContent(
      'Price: $909.00, tax $74.99',
    );
    expect(within(appliedCodes()!).getByRole('listitem', { name: 'save10' })).toBeInTheDocument();
    expect(codeField()).toHaveValue('');
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({ address: TEXAS, codes: ['save10'] });

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(
      () =>
        expect(router.state.location.pathname).toBe(`/dashboard/payment/${placed.orders[0]!._id}`),
      PRICED,
    );
    expect(lastRequest(fetchMock, PLACE).body).toEqual({
      address: TEXAS,
      codes: ['save10'],
      shippingMethod: standard.id,
      quoteId: uuid(6002),
      phone: TEXAS.phone,
    });
    // Used by this checkout: the next one starts without it.
    expect(getPromotionCodes()).toEqual([]);
  });

  it("shows the server's message next to the field for a refused code, and keeps nothing", async () => {
    const { user, fetchMock } = renderSignedIn('checkout', { [PLACE]: jsonResponse(placed, 201) });
    await deliverToTexas(user);

    await user.type(codeField(), 'NOPE-2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(
      () =>
        expect(codeField()).toHaveAccessibleDescription(
          expect.stringContaining(CODE_UNKNOWN_MESSAGE),
        ),
      PRICED,
    );
    expect(codeField()).toHaveValue('NOPE-2026');
    expect(appliedCodes()).not.toBeInTheDocument();
    expect(getPromotionCodes()).toEqual([]);
    expect(summary().queryByText('Discount')).not.toBeInTheDocument();
    expect(summary().getByText('Total').nextSibling).toHaveTextContent('$1,106.86');
    // The order is placed without it.
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(requestLog(fetchMock)).toContain(PLACE), PRICED);
    expect(lastRequest(fetchMock, PLACE).body).not.toHaveProperty('codes');
  });

  it('applies a code kept from the basket, and removes it: priced again without it', async () => {
    setPromotionCodes(['SAVE10']);
    const { user, fetchMock } = renderSignedIn('checkout');
    await deliverToTexas(user);

    expect(lastRequest(fetchMock, QUOTE).body).toEqual({ address: TEXAS, codes: ['SAVE10'] });
    expect(await screen.findByRole('list', { name: 'Promotions' }, PRICED)).toHaveTextContent(
      'Trade show 10%',
    );
    const item = within(appliedCodes()!).getByRole('listitem', { name: 'SAVE10' });

    await user.click(within(item).getByRole('button', { name: 'Remove' }));

    await waitFor(
      () => expect(summary().getByText('Total').nextSibling).toHaveTextContent('$1,106.86'),
      PRICED,
    );
    expect(screen.queryByRole('list', { name: 'Promotions' })).not.toBeInTheDocument();
    expect(summary().queryByText('Discount')).not.toBeInTheDocument();
    expect(appliedCodes()).not.toBeInTheDocument();
    expect(getPromotionCodes()).toEqual([]);
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({ address: TEXAS });
  });

  it('says so when a code was used up meanwhile (409), and prices the order without it', async () => {
    setPromotionCodes(['SAVE10']);
    let usedUp = false;
    const { user, fetchMock, router } = renderSignedIn('checkout', {
      [QUOTE]: pricingStep(() => usedUp),
      [PLACE]: () => {
        usedUp = true;
        return jsonResponse({ code: 'CONFLICT', message: CODE_USED_UP_MESSAGE }, 409);
      },
    });
    await deliverToTexas(user);
    await waitFor(
      () => expect(summary().getByText('Total').nextSibling).toHaveTextContent('$997.52'),
      PRICED,
    );

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('alert', {}, PRICED)).toHaveTextContent(CODE_USED_UP_MESSAGE);
    await waitFor(
      () =>
        expect(codeField()).toHaveAccessibleDescription(
          expect.stringContaining(`SAVE10 was removed: ${CODE_USED_UP_MESSAGE}`),
        ),
      PRICED,
    );
    await waitFor(
      () => expect(summary().getByText('Total').nextSibling).toHaveTextContent('$1,106.86'),
      PRICED,
    );
    expect(appliedCodes()).not.toBeInTheDocument();
    expect(getPromotionCodes()).toEqual([]);
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({ address: TEXAS });
    expect(router.state.location.pathname).toBe('/checkout');
  });
});

describe('Promotion codes on the basket', () => {
  it("applies a customer's code on the basket: its saving in the estimate and on the line, kept for the checkout", async () => {
    const { user, fetchMock } = renderSignedIn('basket');
    await screen.findByText(
      'Estimated for delivery to 1 Main Street, Austin, TX 78701, US:',
      {},
      PRICED,
    );

    await user.type(codeField(), 'SAVE10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('list', { name: 'Promotions' }, PRICED)).toHaveTextContent(
      'Trade show 10% (code SAVE10)−$101.00',
    );
    await waitFor(
      () => expect(summary().getByText('Total').nextSibling).toHaveTextContent('$997.52'),
      PRICED,
    );
    expect(summary().getByText('Discount').nextSibling).toHaveTextContent('−$101.00');
    expect(screen.getByRole('listitem', { name: 'Drill' })).toHaveTextContent('Discount: −$101.00');
    expect(lastRequest(fetchMock, QUOTE).body).toEqual({ addressId: saved._id, codes: ['SAVE10'] });
    expect(getPromotionCodes()).toEqual(['SAVE10']);
  });

  it("shows a refused code's message on the basket and keeps nothing", async () => {
    const { user } = renderSignedIn('basket');
    await screen.findByText(
      'Estimated for delivery to 1 Main Street, Austin, TX 78701, US:',
      {},
      PRICED,
    );

    await user.type(codeField(), 'EXPO-1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(
      () =>
        expect(codeField()).toHaveAccessibleDescription(
          expect.stringContaining(CODE_UNKNOWN_MESSAGE),
        ),
      PRICED,
    );
    expect(appliedCodes()).not.toBeInTheDocument();
    expect(getPromotionCodes()).toEqual([]);
  });

  it("keeps a visitor's code for the checkout, which checks it once signed in", async () => {
    const tool = makeProduct(1, { name: 'Drill', price: 101, minQuantity: 1 });
    setVisitorLines([{ productId: tool._id, quantity: 2 }]);
    const fetchMock = mockApi({ [`GET ${apiPaths.product(tool._id)}`]: jsonResponse(tool) });
    const { user } = renderWithProviders(<BasketPage />, { route: '/basket' });
    await screen.findByRole('listitem', { name: 'Drill' }, PRICED);
    expect(codeField()).toHaveAccessibleDescription('Codes are checked at checkout.');

    await user.type(codeField(), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(within(appliedCodes()!).getByRole('listitem', { name: 'save10' })).toBeInTheDocument();
    expect(getPromotionCodes()).toEqual(['save10']);
    expect(requestLog(fetchMock)).not.toContain(QUOTE);
  });
});
