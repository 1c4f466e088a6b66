import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PRODUCT_CHANGED_MESSAGE, type ProductDetail } from '../../../../shared/product.ts';
import { skuTakenMessage } from '../../../../shared/variant.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { mockXhr } from '../../../test/xhr-mock.ts';
import { EditProductPage } from './edit-product-page.tsx';
import { makeVariant, withOnlyVariant } from './variant-fixtures.ts';
import { VARIANT_DELETE_NOTE, VARIANTS_CONFLICT_HINT } from './variants-editor.tsx';

const IMG = `/images/${'a'.repeat(64)}.webp`;
const GALLERY = `/images/${'c'.repeat(64)}.webp`;
const single = withOnlyVariant(
  makeProduct(1, {
    name: 'Hammer Drill',
    sku: 'DRL',
    price: 129.99,
    img: IMG,
    images: [GALLERY],
    minQuantity: 1,
    availableQuantity: 40,
    version: 3,
  }),
);
const twoVoltages: ProductDetail = {
  ...single,
  options: [{ name: 'Voltage', values: ['12V', '18V'] }],
  variantCount: 2,
  variants: [
    makeVariant(single, 1, {
      sku: 'DRL-12',
      optionValues: { Voltage: '12V' },
      label: '12V',
      priceBreaks: [{ minQuantity: 10, price: 119 }],
    }),
    makeVariant(single, 2, {
      sku: 'DRL-18',
      optionValues: { Voltage: '18V' },
      label: '18V',
      price: 149,
      availableQuantity: 7,
      weightGrams: 1800,
    }),
  ],
};
const GET = `GET ${apiPaths.product(single._id)}`;
const PUT = `PUT ${apiPaths.product(single._id)}/variants`;

type Answer = Parameters<typeof mockApi>[0][string];

function renderPage(routes: Record<string, Answer>) {
  storeAccessToken('access-1');
  const fetchMock = mockApi(routes);
  return {
    fetchMock,
    ...renderWithProviders(<EditProductPage productId={single._id} />, {
      route: `/dashboard/manageProducts/${single._id}/edit`,
    }),
  };
}

/** What PUT answers: the product with the variants as sent and the next version. */
const saved =
  (product: ProductDetail) =>
  ({ body }: { body: unknown }): Response => {
    const sent = body as {
      variants: { sku: string; price: number; minQuantity: number; availableQuantity: number }[];
    };
    const first = sent.variants[0]!;
    return jsonResponse({
      ...product,
      sku: first.sku,
      price: first.price,
      minQuantity: first.minQuantity,
      availableQuantity: first.availableQuantity,
      version: product.version + 1,
      variants: sent.variants.map((variant, n) => ({
        ...makeVariant(product, n + 1),
        ...variant,
        label: '',
        parts: [],
      })),
    });
  };

const variantsForm = () => screen.getByRole('form', { name: 'Variants' });
const inVariant = (n: number) =>
  within(screen.getByRole('group', { name: new RegExp(`^Variant ${n}\\b`) }));
const saveVariants = () => screen.getByRole('button', { name: 'Save variants' });

describe('Edit Product: Variants', () => {
  it('keeps the product form as it was for a product of one variant, and offers to add an option', async () => {
    renderPage({ [GET]: jsonResponse(single) });

    expect(await screen.findByLabelText('Price')).toHaveValue(129.99);
    expect(screen.getByLabelText('Available Quantity')).toHaveValue(40);
    const section = screen.getByRole('region', { name: 'Variants' });
    expect(section).toHaveTextContent('Sold as one variant, SKU DRL');
    expect(screen.queryByRole('form', { name: 'Variants' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('SKU, variant 1')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add an option' })).toBeEnabled();
  });

  it('adds an option, generates the missing combinations and saves the whole set with the version', async () => {
    const { user, fetchMock } = renderPage({ [GET]: jsonResponse(single), [PUT]: saved(single) });
    await screen.findByLabelText('Price');

    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    expect(screen.getByLabelText('Option name 1')).toHaveFocus();
    await user.type(screen.getByLabelText('Option name 1'), 'Voltage');
    await user.type(screen.getByLabelText('Values, option 1'), '12V, 18V');
    await user.click(screen.getByRole('button', { name: 'Generate variants' }));

    expect(screen.getByRole('status')).toHaveTextContent('1 variant added');
    // The only variant keeps its SKU and takes the first combination; the new one is suggested.
    expect(inVariant(1).getByLabelText('SKU, variant 1')).toHaveValue('DRL');
    expect(inVariant(1).getByLabelText('Voltage, variant 1')).toHaveValue('12V');
    expect(inVariant(2).getByLabelText('SKU, variant 2')).toHaveValue('DRL-18V');
    expect(inVariant(2).getByLabelText('Voltage, variant 2')).toHaveValue('18V');

    await user.clear(screen.getByLabelText('SKU, variant 2'));
    await user.type(screen.getByLabelText('SKU, variant 2'), 'DRL-18');
    await user.type(screen.getByLabelText('Price, variant 2'), '149');
    await user.clear(screen.getByLabelText('Stock, variant 2'));
    await user.type(screen.getByLabelText('Stock, variant 2'), '7');
    await user.clear(screen.getByLabelText('Weight (g), variant 2'));
    await user.type(screen.getByLabelText('Weight (g), variant 2'), '1800');
    // Issue 35: what the variant is taxed as; a new one starts standard.
    expect(screen.getByLabelText('Tax class, variant 2')).toHaveValue('standard');
    await user.selectOptions(screen.getByLabelText('Tax class, variant 2'), 'Reduced');
    await user.click(screen.getByRole('button', { name: 'Add price break, variant 2' }));
    await user.type(screen.getByLabelText('From quantity, break 1, variant 2'), '10');
    await user.type(screen.getByLabelText('Unit price, break 1, variant 2'), '139');
    await user.click(screen.getByLabelText('Picture 2, variant 2'));
    // Generating again adds nothing.
    await user.click(screen.getByRole('button', { name: 'Generate variants' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Every combination already has a variant.',
    );
    await user.click(saveVariants());

    expect(await screen.findByText('Variants of Hammer Drill saved')).toBeInTheDocument();
    const put = lastRequest(fetchMock, PUT);
    expect(put.headers.get('Authorization')).toBe('Bearer access-1');
    expect(put.body).toEqual({
      options: [{ name: 'Voltage', values: ['12V', '18V'] }],
      variants: [
        {
          sku: 'DRL',
          optionValues: { Voltage: '12V' },
          price: 129.99,
          priceBreaks: [],
          minQuantity: 1,
          availableQuantity: 40,
          weightGrams: 0,
          lengthMm: null,
          widthMm: null,
          heightMm: null,
          images: [],
          parts: [],
          taxClass: 'standard',
        },
        {
          sku: 'DRL-18',
          optionValues: { Voltage: '18V' },
          price: 149,
          priceBreaks: [{ minQuantity: 10, price: 139 }],
          minQuantity: 1,
          availableQuantity: 7,
          weightGrams: 1800,
          lengthMm: null,
          widthMm: null,
          heightMm: null,
          images: [GALLERY],
          parts: [],
          taxClass: 'reduced',
        },
      ],
      version: 3,
    });
  });

  it('checks the form before sending: a value to choose, a SKU used twice', async () => {
    const { user, fetchMock } = renderPage({
      [GET]: jsonResponse(twoVoltages),
      [PUT]: saved(twoVoltages),
    });
    await screen.findByRole('form', { name: 'Variants' });

    await user.clear(screen.getByLabelText('SKU, variant 2'));
    await user.type(screen.getByLabelText('SKU, variant 2'), 'drl-12');
    await user.selectOptions(screen.getByLabelText('Voltage, variant 2'), '');
    await user.click(saveVariants());

    expect(await screen.findByLabelText('SKU, variant 2')).toHaveAccessibleDescription(
      skuTakenMessage('drl-12'),
    );
    expect(screen.getByLabelText('Voltage, variant 2')).toHaveAccessibleDescription(
      'Choose a Voltage',
    );
    expect(requestLog(fetchMock)).toEqual([GET]);
  });

  it("shows the server's messages next to their variant's fields", async () => {
    const { user } = renderPage({
      [GET]: jsonResponse(twoVoltages),
      [PUT]: jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields.',
          fields: {
            'variants.1.sku': 'SKU must be 1 to 40 letters',
            'variants.0.priceBreaks.0.price': 'A break must be cheaper than the price',
            'variants.1.optionValues.Voltage': 'Voltage must be one of 12V, 18V',
            'variants.0.heightMm': 'Height must be at most 10000',
          },
        },
        400,
      ),
    });
    await screen.findByRole('form', { name: 'Variants' });

    await user.click(saveVariants());

    await waitFor(() =>
      expect(screen.getByLabelText('SKU, variant 2')).toHaveAccessibleDescription(
        'SKU must be 1 to 40 letters',
      ),
    );
    expect(screen.getByLabelText('SKU, variant 2')).toHaveFocus();
    expect(screen.getByLabelText('Unit price, break 1, variant 1')).toHaveAccessibleDescription(
      'A break must be cheaper than the price',
    );
    expect(screen.getByLabelText('Voltage, variant 2')).toHaveAccessibleDescription(
      'Voltage must be one of 12V, 18V',
    );
    // A message no field shows is in the section's alert.
    const alert = within(variantsForm()).getByRole('alert');
    expect(alert).toHaveTextContent('Check the highlighted fields.');
    expect(alert).toHaveTextContent('Height must be at most 10000');
  });

  it('on a conflict, says why with a reload hint and reloads what is saved', async () => {
    const current: ProductDetail = {
      ...twoVoltages,
      version: 5,
      variants: twoVoltages.variants.map((variant) => ({ ...variant, price: 155 })),
    };
    let product = twoVoltages;
    const { user, fetchMock } = renderPage({
      [GET]: () => jsonResponse(product),
      [PUT]: jsonResponse(
        {
          code: 'CONFLICT',
          message: PRODUCT_CHANGED_MESSAGE,
          fields: { 'variants.1.sku': skuTakenMessage('DRL-18') },
        },
        409,
      ),
    });
    await screen.findByRole('form', { name: 'Variants' });
    product = current;

    await user.click(saveVariants());

    const alert = await within(variantsForm()).findByRole('alert');
    expect(alert).toHaveTextContent(PRODUCT_CHANGED_MESSAGE);
    expect(alert).toHaveTextContent(VARIANTS_CONFLICT_HINT);
    expect(screen.getByLabelText('SKU, variant 2')).toHaveAccessibleDescription(
      skuTakenMessage('DRL-18'),
    );

    await user.click(within(alert).getByRole('button', { name: 'Reload the product' }));
    await waitFor(() => expect(screen.getByLabelText('Price, variant 1')).toHaveValue(155));
    expect(within(variantsForm()).queryByRole('alert')).not.toBeInTheDocument();
    expect(requestLog(fetchMock)).toEqual([GET, PUT, GET]);
  });

  it('asks before deleting a variant, then leaves it out of the set', async () => {
    const { user, fetchMock } = renderPage({
      [GET]: jsonResponse(twoVoltages),
      [PUT]: saved(twoVoltages),
    });
    await screen.findByRole('form', { name: 'Variants' });

    await user.click(screen.getByRole('button', { name: 'Delete, variant 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete DRL-18?' });
    expect(dialog).toHaveAccessibleDescription(VARIANT_DELETE_NOTE);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('SKU, variant 2')).toHaveValue('DRL-18');

    await user.click(screen.getByRole('button', { name: 'Delete, variant 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByLabelText('SKU, variant 2')).not.toBeInTheDocument();
    // The last variant cannot be deleted.
    expect(screen.getByRole('button', { name: 'Delete, variant 1' })).toBeDisabled();
    await user.click(saveVariants());

    expect(await screen.findByText('Variants of Hammer Drill saved')).toBeInTheDocument();
    const body = lastRequest(fetchMock, PUT).body as { variants: { sku: string }[] };
    expect(body.variants.map(({ sku }) => sku)).toEqual(['DRL-12']);
  });

  it('makes another variant the default and makes a kit whose stock is from its parts', async () => {
    const deferredPut = deferred<Response>();
    const { user, fetchMock } = renderPage({
      [GET]: jsonResponse(twoVoltages),
      [PUT]: () => deferredPut.promise,
      [`PUT ${apiPaths.product(single._id)}`]: ({ body }) =>
        jsonResponse({ ...twoVoltages, ...(body as object), version: 5 }),
    });
    await screen.findByRole('form', { name: 'Variants' });

    await user.click(screen.getByRole('button', { name: 'Make default, variant 2' }));
    expect(screen.getByLabelText('SKU, variant 1')).toHaveValue('DRL-18');
    expect(screen.getByRole('group', { name: /^Variant 1 \(default\)/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add part, variant 2' }));
    expect(screen.queryByLabelText('Stock, variant 2')).not.toBeInTheDocument();
    expect(inVariant(2).getByText('from parts')).toBeVisible();
    await user.type(screen.getByLabelText('Part SKU, part 1, variant 2'), 'BAT-5');
    await user.clear(screen.getByLabelText('Quantity, part 1, variant 2'));
    await user.type(screen.getByLabelText('Quantity, part 1, variant 2'), '2');
    await user.click(saveVariants());

    // A spinner while it saves.
    await waitFor(() => expect(saveVariants()).toBeDisabled());
    const body = lastRequest(fetchMock, PUT).body as {
      variants: { sku: string; availableQuantity: number; parts: unknown[] }[];
    };
    expect(body.variants.map(({ sku }) => sku)).toEqual(['DRL-18', 'DRL-12']);
    expect(body.variants[1]).toMatchObject({
      availableQuantity: 0,
      parts: [{ sku: 'BAT-5', quantity: 2 }],
    });
    deferredPut.resolve(saved(twoVoltages)(lastRequest(fetchMock, PUT)));
    expect(await screen.findByText('Variants of Hammer Drill saved')).toBeInTheDocument();
    expect(saveVariants()).toBeEnabled();

    // The product's fields are now the new default's, and its save goes with the new version.
    expect(screen.getByLabelText('Price')).toHaveValue(149);
    expect(screen.getByLabelText('Available Quantity')).toHaveValue(7);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product Hammer Drill is updated')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `PUT ${apiPaths.product(single._id)}`).body).toMatchObject({
      price: 149,
      version: 4,
    });
  });
  it("uploads a variant's own picture and ticks it", async () => {
    const NEW = `/images/${'d'.repeat(64)}.webp`;
    const { requests } = mockXhr(() => ({
      status: 201,
      body: { success: true, data: { url: NEW } },
    }));
    const { user, fetchMock } = renderPage({
      [GET]: jsonResponse(twoVoltages),
      [PUT]: saved(twoVoltages),
    });
    await screen.findByRole('form', { name: 'Variants' });
    const file = new File([new Uint8Array(512)], 'kit.webp', { type: 'image/webp' });

    await user.upload(screen.getByLabelText('Upload a picture, variant 2'), file);

    expect(await screen.findByLabelText('Picture 3, variant 2')).toBeChecked();
    expect(screen.getByLabelText('Picture 3, variant 1')).not.toBeChecked();
    expect(requests[0]!.file('image')).toBe(file);
    await user.click(saveVariants());
    expect(await screen.findByText('Variants of Hammer Drill saved')).toBeInTheDocument();
    const body = lastRequest(fetchMock, PUT).body as { variants: { images: string[] }[] };
    expect(body.variants.map(({ images }) => images)).toEqual([[], [NEW]]);
  });
  it('has no accessibility violations axe finds without a browser, with a kit and errors shown', async () => {
    const { user } = renderPage({ [GET]: jsonResponse(twoVoltages) });
    await screen.findByRole('form', { name: 'Variants' });
    await user.click(screen.getByRole('button', { name: 'Add part, variant 2' }));
    await user.clear(screen.getByLabelText('SKU, variant 1'));
    await user.click(saveVariants());
    await waitFor(() =>
      expect(screen.getByLabelText('SKU, variant 1')).toHaveAccessibleDescription(
        'SKU is required',
      ),
    );

    const results = await axe.run(screen.getByRole('region', { name: 'Variants' }), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.length}`)).toEqual([]);
  });
});
