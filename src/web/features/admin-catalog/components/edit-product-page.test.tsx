import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { mockXhr } from '../../../test/xhr-mock.ts';
import { EditProductPage } from './edit-product-page.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { PRODUCT_CHANGED_MESSAGE } from '../../../../shared/product.ts';
import { productFieldInputs } from './product-fields-fixture.ts';
import { withOnlyVariant } from './variant-fixtures.ts';

const OLD_IMAGE = `/images/${'a'.repeat(64)}.webp`;
const NEW_IMAGE = `/images/${'b'.repeat(64)}.webp`;
const drill = withOnlyVariant(
  makeProduct(1, {
    name: 'Hammer Drill',
    price: 129.99,
    description: 'Brushless, 18 V.',
    img: OLD_IMAGE,
    minQuantity: 10,
    availableQuantity: 340,
    version: 3,
  }),
);
const GET = `GET ${apiPaths.product(drill._id)}`;
const PUT = `PUT ${apiPaths.product(drill._id)}`;
const CONFLICT_MESSAGE = PRODUCT_CHANGED_MESSAGE;

type Answer = Parameters<typeof mockApi>[0][string];

function renderPage(routes: Record<string, Answer>, productId = drill._id) {
  storeAccessToken('access-1');
  const fetchMock = mockApi(routes);
  return {
    fetchMock,
    ...renderWithProviders(<EditProductPage productId={productId} />, {
      route: `/dashboard/manageProducts/${productId}/edit`,
    }),
  };
}

function fields() {
  return { ...productFieldInputs(), save: screen.getByRole('button', { name: 'Save Changes' }) };
}

/** What PUT answers: the body as saved, with the next version. */
const saved: Answer = ({ body }) =>
  jsonResponse({ ...drill, ...(body as object), version: drill.version + 1 });

describe('EditProductPage', () => {
  it("prefills the product's values and shows its current image", async () => {
    const product = deferred<Response>();
    renderPage({ [GET]: () => product.promise });

    expect(screen.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading the product' })).toBeInTheDocument();
    product.resolve(jsonResponse(drill));

    const name = await screen.findByLabelText('Product Name');
    const form = fields();
    expect(name).toHaveValue('Hammer Drill');
    expect(form.price).toHaveValue(129.99);
    expect(form.description).toHaveValue('Brushless, 18 V.');
    expect(form.minQuantity).toHaveValue(10);
    expect(form.availableQuantity).toHaveValue(340);
    expect(form.image.files).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Current image of Hammer Drill' })).toHaveAttribute(
      'src',
      OLD_IMAGE,
    );
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/dashboard/manageProducts',
    );
  });

  it('saves with the version it loaded, says so and goes back to Manage Products', async () => {
    const { requests } = mockXhr();
    const { user, fetchMock, router, queryClient } = renderPage({
      [GET]: jsonResponse(drill),
      [PUT]: saved,
    });
    queryClient.setQueryData(queryKeys.products.list(), [drill]);
    await screen.findByLabelText('Product Name');
    const form = fields();

    await user.clear(form.price);
    await user.type(form.price, '79');
    await user.click(form.save);

    expect(await screen.findByText('Product Hammer Drill is updated')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manageProducts'));
    const put = lastRequest(fetchMock, PUT);
    expect(put.headers.get('Authorization')).toBe('Bearer access-1');
    expect(put.body).toEqual({
      name: 'Hammer Drill',
      price: 79,
      description: 'Brushless, 18 V.',
      img: OLD_IMAGE,
      minQuantity: 10,
      availableQuantity: 340,
      priceBreaks: [],
      categoryId: null,
      platform: null,
      batteryIncluded: false,
      images: [],
      version: 3,
    });
    expect(requests).toHaveLength(0);
    expect(queryClient.getQueryState(queryKeys.products.list())?.isInvalidated).toBe(true);
  });

  it('shows and keeps the stored category when the category list arrives after the product', async () => {
    const categories = deferred<Response>();
    const grinders = {
      _id: 'c0ffee00-0000-4000-8000-000000000002',
      name: 'Grinders',
      slug: 'grinders',
      description: '',
      productCount: 1,
    };
    const drills = {
      _id: 'c0ffee00-0000-4000-8000-000000000001',
      name: 'Drills',
      slug: 'drills',
      description: '',
      productCount: 1,
    };
    const filed = { ...drill, categoryId: drills._id };
    const { user, fetchMock } = renderPage({
      [GET]: jsonResponse(filed),
      [PUT]: saved,
      [`GET ${apiPaths.categories}`]: () => categories.promise,
    });
    await screen.findByLabelText('Product Name');
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveValue(drills._id);
    expect(category).toHaveDisplayValue('Loading categories…');
    categories.resolve(jsonResponse([grinders, drills]));
    await waitFor(() => expect(category).toHaveDisplayValue('Drills'));

    await user.clear(fields().price);
    await user.type(fields().price, '79');
    await user.click(fields().save);

    expect(await screen.findByText('Product Hammer Drill is updated')).toBeInTheDocument();
    expect(lastRequest(fetchMock, PUT).body).toMatchObject({ price: 79, categoryId: drills._id });
  });

  it('uploads a new image first and saves its URL', async () => {
    const { requests } = mockXhr(() => ({
      status: 201,
      body: { success: true, data: { url: NEW_IMAGE } },
    }));
    const { user, fetchMock } = renderPage({ [GET]: jsonResponse(drill), [PUT]: saved });
    await screen.findByLabelText('Product Name');
    const file = new File([new Uint8Array(512)], 'drill.webp', { type: 'image/webp' });

    await user.upload(fields().image, file);
    await user.click(fields().save);

    expect(await screen.findByText('Product Hammer Drill is updated')).toBeInTheDocument();
    expect(requests[0]!.file('image')).toBe(file);
    expect(lastRequest(fetchMock, PUT).body).toMatchObject({ img: NEW_IMAGE, version: 3 });
  });

  it('on a conflict, says why and reloads the current values into the form', async () => {
    const current = {
      ...drill,
      variants: drill.variants.map((variant) => ({ ...variant, availableQuantity: 300 })),
      name: 'Hammer Drill Pro',
      availableQuantity: 300,
      img: NEW_IMAGE,
      version: 4,
    };
    let product = drill;
    let putAnswer = jsonResponse({ code: 'CONFLICT', message: CONFLICT_MESSAGE }, 409);
    const { user, fetchMock, router } = renderPage({
      [GET]: () => jsonResponse(product),
      [PUT]: () => putAnswer,
    });
    await screen.findByLabelText('Product Name');
    // Someone else saves while the admin edits.
    product = current;

    await user.clear(fields().price);
    await user.type(fields().price, '99');
    await user.click(fields().save);

    expect(await screen.findByText(CONFLICT_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(fields().name).toHaveValue('Hammer Drill Pro'));
    expect(fields().price).toHaveValue(129.99);
    expect(fields().availableQuantity).toHaveValue(300);
    expect(screen.getByRole('img', { name: 'Current image of Hammer Drill Pro' })).toHaveAttribute(
      'src',
      NEW_IMAGE,
    );
    expect(router.state.location.pathname).toBe(`/dashboard/manageProducts/${drill._id}/edit`);
    expect(requestLog(fetchMock)).toEqual([GET, PUT, GET]);

    // Saving again goes with the version just loaded.
    putAnswer = jsonResponse({ ...current, version: 5 });
    await user.click(fields().save);
    expect(await screen.findByText('Product Hammer Drill Pro is updated')).toBeInTheDocument();
    expect(lastRequest(fetchMock, PUT).body).toMatchObject({ version: 4, img: NEW_IMAGE });
  });

  it("shows the server's field messages under their inputs", async () => {
    const { user } = renderPage({
      [GET]: jsonResponse(drill),
      [PUT]: jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields.',
          fields: { price: 'Price must be at most 1000000' },
        },
        400,
      ),
    });
    await screen.findByLabelText('Product Name');

    await user.click(fields().save);

    await waitFor(() =>
      expect(fields().price).toHaveAccessibleDescription('Price must be at most 1000000'),
    );
    expect(screen.queryByText('Check the highlighted fields.')).not.toBeInTheDocument();
  });

  it('says so when the product does not exist', async () => {
    const missing = 'no-such-product';
    renderPage(
      {
        [`GET ${apiPaths.product(missing)}`]: jsonResponse(
          { code: 'NOT_FOUND', message: 'Product not found' },
          404,
        ),
      },
      missing,
    );

    expect(
      await screen.findByText('This product does not exist. It may have been deleted.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Manage Products' })).toHaveAttribute(
      'href',
      '/dashboard/manageProducts',
    );
    expect(screen.queryByLabelText('Product Name')).not.toBeInTheDocument();
  });

  it('offers a retry when the product cannot be loaded', async () => {
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    const { user } = renderPage({ [GET]: () => answer });

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the product.");
    answer = jsonResponse(drill);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByLabelText('Product Name')).toHaveValue('Hammer Drill');
  });
});
