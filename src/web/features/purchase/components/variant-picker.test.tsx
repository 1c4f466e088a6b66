import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { NOTIFY_ME_LABEL } from '../../../../shared/back-in-stock.ts';
import { ADDED_TO_BASKET_MESSAGE } from '../../../../shared/basket.ts';
import type { ProductDetail } from '../../../../shared/product.ts';
import { ABOVE_STOCK_MESSAGE, PURCHASE_CONFIRMED_MESSAGE } from '../../../../shared/purchase.ts';
import type { Variant } from '../../../../shared/variant.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import {
  makeBasket,
  makeBasketLine,
  makeLineQuote,
  makeProduct,
  makePurchase,
  uuid,
} from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

// Issue 34: the product page's variant picker, where the route composes the page (Add to basket).

const PRODUCT_ID = uuid(7);

function makeVariant(n: number, overrides: Partial<Variant>): Variant {
  return {
    _id: uuid(700 + n),
    productId: PRODUCT_ID,
    sku: `DRL-${n}`,
    optionValues: {},
    label: '',
    price: 100,
    priceBreaks: [],
    minQuantity: 1,
    availableQuantity: 10,
    weightGrams: 1500,
    lengthMm: null,
    widthMm: null,
    heightMm: null,
    images: [],
    taxClass: 'standard',
    withdrawn: false,
    parts: [],
    version: 1,
    salePrice: null,
    salePromotion: null,
    ...overrides,
  };
}

// 12V comes bare only; 18V bare, and as a kit (with its own picture and a price break) that is
// short of stock for its minimum.
const bare12 = makeVariant(1, {
  sku: 'DRL-12-BARE',
  optionValues: { Voltage: '12V', Kit: 'Bare tool' },
  label: '12V · Bare tool',
  price: 89,
  availableQuantity: 30,
});
const bare18 = makeVariant(2, {
  sku: 'DRL-18-BARE',
  optionValues: { Voltage: '18V', Kit: 'Bare tool' },
  label: '18V · Bare tool',
  price: 129,
  minQuantity: 2,
  availableQuantity: 12,
});
const kit18 = makeVariant(3, {
  sku: 'DRL-18-KIT',
  optionValues: { Voltage: '18V', Kit: 'Kit' },
  label: '18V · Kit',
  price: 249,
  availableQuantity: 5,
  images: ['/images/kit.webp'],
  priceBreaks: [{ minQuantity: 3, price: 229 }],
});
const drill: ProductDetail = {
  ...makeProduct(7, {
    name: 'Hammer Drill',
    img: '/images/drill.webp',
    price: bare12.price,
    minQuantity: bare12.minQuantity,
    availableQuantity: bare12.availableQuantity,
    sku: bare12.sku,
    priceFrom: 89,
    priceTo: 249,
    variantCount: 3,
    options: [
      { name: 'Voltage', values: ['12V', '18V'] },
      { name: 'Kit', values: ['Bare tool', 'Kit'] },
    ],
  }),
  variants: [bare12, bare18, kit18],
};

const PRODUCT = `GET ${apiPaths.product(PRODUCT_ID)}`;
const MERGE = `POST ${apiPaths.basketMerge}`;
const PURCHASE = `POST ${apiPaths.purchases}`;

function renderPage(sku: string | null, product: ProductDetail = drill) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    [PRODUCT]: () => jsonResponse(product),
    [`GET ${apiPaths.addresses}`]: jsonResponse([]),
    [`GET ${apiPaths.productRelated(PRODUCT_ID)}`]: jsonResponse([]),
    [`GET ${apiPaths.productNotify(PRODUCT_ID)}`]: jsonResponse({ subscribed: false }),
    [MERGE]: jsonResponse(makeBasket([makeBasketLine(1, 2)])),
    [PURCHASE]: jsonResponse(makePurchase(1), 201),
    // Issue 35: the purchase form's live quote.
    [`POST ${apiPaths.checkout}/quote`]: ({ body }) => jsonResponse(makeLineQuote(body, 100)),
  });
  const query = sku === null ? '' : `?sku=${sku}`;
  return { fetchMock, ...renderApp(`/purchase/${PRODUCT_ID}${query}`) };
}

const voltage = () => screen.getByRole('group', { name: 'Voltage' });
const kit = () => screen.getByRole('group', { name: 'Kit' });
const formNamed = (name: string) =>
  screen.findByRole('form', { name: `Purchase ${name}` }, { timeout: 5000 });

describe('the variant picker', () => {
  it('is a radio group per option, the default variant checked without ?sku=', async () => {
    renderPage(null);
    await formNamed('Hammer Drill (12V · Bare tool)');
    expect(within(voltage()).getByRole('radio', { name: '12V' })).toBeChecked();
    expect(within(voltage()).getByRole('radio', { name: '18V' })).not.toBeChecked();
    expect(within(kit()).getByRole('radio', { name: 'Bare tool' })).toBeChecked();
    // 12V comes bare only: the kit is there, disabled, never hidden.
    const noKit = within(kit()).getByRole('radio', { name: 'Kit (not available)' });
    expect(noKit).toBeDisabled();
    expect(screen.getByText('Price: $89.00')).toBeInTheDocument();
    expect(screen.getByText('SKU: DRL-12-BARE')).toBeInTheDocument();
    expect(screen.getByText('Stock available: 30')).toBeInTheDocument();
  });

  it('follows the choice: price, SKU, stock, minimum, pictures, breaks, the form, and the URL', async () => {
    const { user, router } = renderPage(null);
    await formNamed('Hammer Drill (12V · Bare tool)');

    await user.click(within(voltage()).getByRole('radio', { name: '18V' }));
    const bareForm = await formNamed('Hammer Drill (18V · Bare tool)');
    expect(router.state.location.search).toBe('?sku=DRL-18-BARE');
    expect(within(voltage()).getByRole('radio', { name: '18V' })).toBeChecked();
    expect(screen.getByText('Price: $129.00')).toBeInTheDocument();
    expect(screen.getByText('SKU: DRL-18-BARE')).toBeInTheDocument();
    expect(screen.getByText('Stock available: 12')).toBeInTheDocument();
    expect(screen.getByText('Min order quantity: 2')).toBeInTheDocument();
    // The quantity starts at this variant's minimum, and its stock is the limit.
    const quantity = within(bareForm).getByLabelText('Order Quantity');
    expect(quantity).toHaveValue(2);
    await user.clear(quantity);
    await user.type(quantity, '13');
    expect(quantity).toHaveAccessibleDescription(ABOVE_STOCK_MESSAGE);

    // The kit: its own picture and price break; the typed quantity is checked against its stock.
    await user.click(within(kit()).getByRole('radio', { name: 'Kit' }));
    await formNamed('Hammer Drill (18V · Kit)');
    expect(router.state.location.search).toBe('?sku=DRL-18-KIT');
    expect(screen.getByText('Price: $249.00')).toBeInTheDocument();
    expect(screen.getByText('Stock available: 5')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hammer Drill' })).toHaveAttribute(
      'src',
      '/images/kit.webp',
    );
    expect(screen.getByRole('cell', { name: '$229.00' })).toBeInTheDocument();
    // From the kit, 12V (bare only) is still reachable: it leads to 12V · Bare tool.
    await user.click(within(voltage()).getByRole('radio', { name: '12V' }));
    await formNamed('Hammer Drill (12V · Bare tool)');
    expect(router.state.location.search).toBe('?sku=DRL-12-BARE');
  });

  it('works with the keyboard: the arrow keys move within an option', async () => {
    const { user, router } = renderPage(null);
    await formNamed('Hammer Drill (12V · Bare tool)');
    within(voltage()).getByRole('radio', { name: '12V' }).focus();
    await user.keyboard('{ArrowRight}');
    await formNamed('Hammer Drill (18V · Bare tool)');
    expect(router.state.location.search).toBe('?sku=DRL-18-BARE');
    expect(within(voltage()).getByRole('radio', { name: '18V' })).toHaveFocus();
  });

  it('says which choice cannot be ordered, and offers no form for it', async () => {
    const soldOut = { ...drill, variants: [bare12, bare18, { ...kit18, availableQuantity: 0 }] };
    const { user } = renderPage('DRL-18-BARE', soldOut);
    await formNamed('Hammer Drill (18V · Bare tool)');
    const kitRadio = within(kit()).getByRole('radio', { name: 'Kit (out of stock)' });
    expect(kitRadio).toBeEnabled();
    await user.click(kitRadio);
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /^Purchase / })).not.toBeInTheDocument();
    // Stock alerts and quotes are the default variant's: not offered for this one.
    expect(screen.queryByRole('button', { name: NOTIFY_ME_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a quote' })).not.toBeInTheDocument();
  });

  it('renders the variant ?sku= names (any case), and the default one for an unknown SKU', async () => {
    renderPage('drl-18-kit');
    await formNamed('Hammer Drill (18V · Kit)');
    expect(within(kit()).getByRole('radio', { name: 'Kit' })).toBeChecked();
  });

  it('falls back to the default variant for an unknown ?sku=', async () => {
    renderPage('NOPE');
    await formNamed('Hammer Drill (12V · Bare tool)');
    expect(screen.getByText('SKU: DRL-12-BARE')).toBeInTheDocument();
  });

  it('sends the chosen SKU with Add to basket and with Purchase', async () => {
    const { user, fetchMock } = renderPage('DRL-18-BARE');
    const form = await formNamed('Hammer Drill (18V · Bare tool)');
    await user.click(within(form).getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText(ADDED_TO_BASKET_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, MERGE).body).toEqual({
      lines: [{ productId: PRODUCT_ID, sku: 'DRL-18-BARE', quantity: 2 }],
    });

    await user.type(within(form).getByLabelText('Address'), '1 Main Street, Lisbon');
    await user.type(within(form).getByLabelText('Phone'), '+351 900 000 000');
    await user.click(within(form).getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText(PURCHASE_CONFIRMED_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(lastRequest(fetchMock, PURCHASE).body).toMatchObject({
        productId: PRODUCT_ID,
        sku: 'DRL-18-BARE',
        orderQuantity: 2,
      }),
    );
  });

  it('is not there for a product of one variant, and nothing sends a SKU', async () => {
    const single: ProductDetail = { ...makeProduct(7, { name: 'Saw' }), variants: [] };
    const { user, fetchMock } = renderPage(null, single);
    const form = await formNamed('Saw');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByText(/^SKU:/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText(ADDED_TO_BASKET_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, MERGE).body).toEqual({
      lines: [{ productId: PRODUCT_ID, quantity: 10 }],
    });
  });
});
