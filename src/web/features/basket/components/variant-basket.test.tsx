import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { ProductDetail } from '../../../../shared/product.ts';
import type { Variant } from '../../../../shared/variant.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeBasket, makeBasketLine, makeProduct, uuid } from '../../../test/fixtures.ts';
import { createTestQueryClient, renderWithProviders } from '../../../test/render.tsx';
import { addToBasket } from '../lib/add-to-basket.ts';
import { getVisitorLines, setVisitorLines } from '../lib/visitor-basket.ts';
import { BasketPage } from './basket-page.tsx';

// Issue 34: a basket line is a variant. Two variants of one product are two lines, each priced
// from its own variant and named with its label and SKU; saving keeps each line's SKU.

const variantOf = (n: number, overrides: Partial<Variant>): Variant => ({
  _id: uuid(900 + n),
  productId: uuid(9),
  sku: `V-${n}`,
  optionValues: {},
  label: '',
  price: 100,
  priceBreaks: [],
  minQuantity: 1,
  availableQuantity: 10,
  weightGrams: 0,
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
});
const bare = variantOf(1, { sku: 'IMP-BARE', label: 'Bare tool', price: 99, minQuantity: 1 });
const kit = variantOf(2, {
  sku: 'IMP-KIT',
  label: 'Kit',
  price: 259.5,
  minQuantity: 1,
  availableQuantity: 3,
  images: ['/images/impact-kit.webp'],
});
const driver: ProductDetail = {
  ...makeProduct(9, { name: 'Impact Driver', sku: bare.sku, price: bare.price }),
  variantCount: 2,
  options: [{ name: 'Kit', values: ['Bare tool', 'Kit'] }],
  variants: [bare, kit],
};
const line = (name: string) => screen.getByRole('listitem', { name });

describe("a visitor's basket of variants", () => {
  it('keeps two variants of one product as two lines, each priced from its variant', async () => {
    setVisitorLines([
      { productId: driver._id, sku: 'IMP-BARE', quantity: 2 },
      { productId: driver._id, sku: 'imp-kit', quantity: 1 },
    ]);
    mockApi({ [`GET ${apiPaths.product(driver._id)}`]: jsonResponse(driver) });
    const { user } = renderWithProviders(<BasketPage />, { route: '/basket' });

    const bareLine = await screen.findByRole('listitem', { name: 'Impact Driver (Bare tool)' });
    expect(within(bareLine).getByText('SKU: IMP-BARE')).toBeInTheDocument();
    expect(within(bareLine).getByText('Line total: $198.00')).toBeInTheDocument();
    const kitLine = line('Impact Driver (Kit)');
    expect(within(kitLine).getByText('SKU: IMP-KIT')).toBeInTheDocument();
    expect(within(kitLine).getByText('Unit price: $259.50')).toBeInTheDocument();
    expect(kitLine.querySelector('img')).toHaveAttribute('src', '/images/impact-kit.webp');
    expect(screen.getByText('Total Price: $457.50')).toBeInTheDocument();

    // The kit's own stock (3) is its limit; changing it leaves the bare tool's line alone.
    const kitQuantity = within(kitLine).getByLabelText('Quantity');
    await user.clear(kitQuantity);
    await user.type(kitQuantity, '3');
    expect(getVisitorLines()).toEqual([
      { productId: driver._id, sku: 'IMP-BARE', quantity: 2 },
      { productId: driver._id, sku: 'IMP-KIT', quantity: 3 },
    ]);
    await user.click(
      within(line('Impact Driver (Bare tool)')).getByRole('button', { name: 'Remove' }),
    );
    expect(getVisitorLines()).toEqual([{ productId: driver._id, sku: 'IMP-KIT', quantity: 3 }]);
  });

  it('adds a second variant of a product as its own line, and the same variant to its line', async () => {
    const queryClient = createTestQueryClient();
    const add = (sku: string, quantity: number) =>
      addToBasket(queryClient, { productId: driver._id, sku, quantity }, false);
    await add('IMP-BARE', 2);
    await add('IMP-KIT', 1);
    await add('imp-bare', 1);
    expect(getVisitorLines()).toEqual([
      { productId: driver._id, sku: 'IMP-BARE', quantity: 3 },
      { productId: driver._id, sku: 'IMP-KIT', quantity: 1 },
    ]);
  });
});

describe("a customer's basket of variants", () => {
  it('shows each line with its name and SKU, and saves each line with its SKU', async () => {
    storeAccessToken('access-1');
    const bareLine = {
      ...makeBasketLine(9, 2),
      sku: 'IMP-BARE',
      variantLabel: 'Bare tool',
      name: 'Impact Driver (Bare tool)',
    };
    const kitLine = {
      ...makeBasketLine(9, 1),
      sku: 'IMP-KIT',
      variantLabel: 'Kit',
      name: 'Impact Driver (Kit)',
    };
    const fetchMock = mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
      [`GET ${apiPaths.basket}`]: jsonResponse(makeBasket([bareLine, kitLine])),
      [`PUT ${apiPaths.basket}`]: jsonResponse(makeBasket([kitLine])),
    });
    const { user } = renderWithProviders(<BasketPage />, { route: '/basket' });

    const shown = await screen.findByRole(
      'listitem',
      { name: 'Impact Driver (Bare tool)' },
      { timeout: 5000 },
    );
    expect(within(shown).getByText('SKU: IMP-BARE')).toBeInTheDocument();
    expect(within(line('Impact Driver (Kit)')).getByText('SKU: IMP-KIT')).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Remove' }));
    expect(lastRequest(fetchMock, `PUT ${apiPaths.basket}`).body).toEqual({
      lines: [{ productId: kitLine.productId, sku: 'IMP-KIT', quantity: 1 }],
    });
  });
});
