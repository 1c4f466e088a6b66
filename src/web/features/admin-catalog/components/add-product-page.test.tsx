import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  IMAGE_MAX_BYTES,
  PRODUCT_ADD_FAILED_MESSAGE,
  PRODUCT_ADDED_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '../../../../shared/product.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { mockXhr, xhrControl, type XhrAnswer } from '../../../test/xhr-mock.ts';
import { AddProductPage } from './add-product-page.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { productFieldInputs } from './product-fields-fixture.ts';

const ADD = `POST ${apiPaths.products}`;
const IMAGE_URL = `/images/${'a'.repeat(64)}.webp`;
const UPLOADED: XhrAnswer = { status: 201, body: { success: true, data: { url: IMAGE_URL } } };

type Answer = Parameters<typeof mockApi>[0][string];

function renderPage(routes: Record<string, Answer> = {}) {
  storeAccessToken('access-1');
  const fetchMock = mockApi(routes);
  return {
    fetchMock,
    ...renderWithProviders(<AddProductPage />, { route: '/dashboard/addProduct' }),
  };
}

function photo(name = 'grinder.jpg', type = 'image/jpeg', bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, { type });
}

function fields() {
  return { ...productFieldInputs(), submit: screen.getByRole('button', { name: 'Add Product' }) };
}

async function fillIn(user: ReturnType<typeof renderPage>['user'], file: File = photo()) {
  const form = fields();
  await user.type(form.name, 'Bench Grinder');
  await user.type(form.price, '89.50');
  await user.type(form.description, 'Two wheels and eye shields.');
  await user.upload(form.image, file);
  await user.type(form.minQuantity, '4');
  await user.type(form.availableQuantity, '60');
  return form;
}

describe('AddProductPage', () => {
  it("shows the spec's five messages on an empty submit and sends nothing", async () => {
    const { requests } = mockXhr();
    const { user, fetchMock } = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Add a new Product' })).toBeVisible();
    expect(fields().image).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    expect(fields().description.tagName).toBe('TEXTAREA');
    await user.click(fields().submit);

    const form = fields();
    expect(await screen.findByText('Product Name is required')).toBeInTheDocument();
    expect(form.name).toHaveAccessibleDescription('Product Name is required');
    expect(form.price).toHaveAccessibleDescription('Price is required');
    expect(form.image).toHaveAccessibleDescription('Image is required');
    expect(form.minQuantity).toHaveAccessibleDescription('Minimum Order Quantity is required');
    expect(form.availableQuantity).toHaveAccessibleDescription('Available Quantity is required');
    expect(form.description).not.toHaveAccessibleDescription();
    expect(requests).toHaveLength(0);
    expect(requestLog(fetchMock)).toEqual([]);

    // Then on every change.
    await user.type(form.name, 'B');
    expect(screen.queryByText('Product Name is required')).not.toBeInTheDocument();
  });

  it('uploads the image, creates the product with its URL, says so and starts over', async () => {
    const { requests } = mockXhr(() => UPLOADED);
    const { user, fetchMock, queryClient } = renderPage({
      [ADD]: jsonResponse({ insertedId: 'new-id' }, 201),
    });
    queryClient.setQueryData(queryKeys.products.list(), [makeProduct(1)]);
    const file = photo();
    const form = await fillIn(user, file);

    await user.click(form.submit);

    expect(await screen.findByText(PRODUCT_ADDED_MESSAGE)).toBeInTheDocument();
    const [upload] = requests;
    expect(upload!.url).toBe(apiPaths.images);
    expect(upload!.headers.get('Authorization')).toBe('Bearer access-1');
    expect(upload!.file('image')).toBe(file);
    expect(requestLog(fetchMock)).toEqual([ADD]);
    const add = lastRequest(fetchMock, ADD);
    expect(add.headers.get('Authorization')).toBe('Bearer access-1');
    expect(add.body).toEqual({
      name: 'Bench Grinder',
      price: 89.5,
      description: 'Two wheels and eye shields.',
      img: IMAGE_URL,
      minQuantity: 4,
      availableQuantity: 60,
      priceBreaks: [],
      categoryId: null,
      platform: null,
      batteryIncluded: false,
      images: [],
    });
    await waitFor(() => expect(form.name).toHaveValue(''));
    expect(form.price).toHaveValue(null);
    expect(form.description).toHaveValue('');
    expect(form.image.files).toHaveLength(0);
    expect(form.image.value).toBe('');
    expect(form.minQuantity).toHaveValue(null);
    expect(form.availableQuantity).toHaveValue(null);
    // The home page and All Products fetch the catalogue again.
    expect(queryClient.getQueryState(queryKeys.products.list())?.isInvalidated).toBe(true);
  });

  it('shows the upload progress and keeps the button busy until the product is created', async () => {
    const { requests } = mockXhr();
    const created = deferred<Response>();
    const { user } = renderPage({ [ADD]: () => created.promise });
    const form = await fillIn(user);

    await user.click(form.submit);

    const progress = await screen.findByRole('progressbar', { name: 'Uploading image' });
    expect(progress).toHaveAttribute('value', '0');
    expect(form.submit).toBeDisabled();
    await xhrControl.progress(requests[0]!, 40, 100);
    expect(progress).toHaveAttribute('value', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();

    await xhrControl.respond(requests[0]!, UPLOADED.status, UPLOADED.body);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(form.submit).toBeDisabled();

    created.resolve(jsonResponse({ insertedId: 'new-id' }, 201));
    expect(await screen.findByText(PRODUCT_ADDED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(form.submit).toBeEnabled());
  });

  it('shows why an upload failed under Image and creates nothing', async () => {
    mockXhr(() => ({
      status: 415,
      body: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
      },
    }));
    const { user, fetchMock } = renderPage();
    const form = await fillIn(user);

    await user.click(form.submit);

    await waitFor(() =>
      expect(form.image).toHaveAccessibleDescription(
        'Only JPEG, PNG, WebP or GIF images can be uploaded.',
      ),
    );
    expect(requestLog(fetchMock)).toEqual([]);
    expect(screen.queryByText(PRODUCT_ADD_FAILED_MESSAGE)).not.toBeInTheDocument();
    expect(form.name).toHaveValue('Bench Grinder');
    expect(form.submit).toBeEnabled();
  });

  it('checks the size and type of the image before uploading it', async () => {
    const { requests } = mockXhr(() => UPLOADED);
    const { user } = renderPage();
    const form = await fillIn(user, photo('huge.png', 'image/png', IMAGE_MAX_BYTES + 1));

    await user.click(form.submit);
    expect(await screen.findByText(IMAGE_TOO_LARGE_MESSAGE)).toBeInTheDocument();

    // The picker's accept list can be bypassed (drag and drop, "All files").
    fireEvent.change(form.image, { target: { files: [photo('notes.txt', 'text/plain')] } });
    await waitFor(() => expect(form.image).toHaveAccessibleDescription(IMAGE_TYPE_MESSAGE));
    expect(requests).toHaveLength(0);
  });

  it("says 'Failed to add product' and shows the server's field messages on a 400", async () => {
    mockXhr(() => UPLOADED);
    const { user } = renderPage({
      [ADD]: jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields.',
          fields: { name: 'A product with this name exists', img: 'Image must be uploaded' },
        },
        400,
      ),
    });
    const form = await fillIn(user);

    await user.click(form.submit);

    expect(await screen.findByText(PRODUCT_ADD_FAILED_MESSAGE)).toBeInTheDocument();
    expect(form.name).toHaveAccessibleDescription('A product with this name exists');
    expect(form.image).toHaveAccessibleDescription('Image must be uploaded');
    expect(form.name).toHaveValue('Bench Grinder');
  });

  it.each([
    ['the server fails', jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500)],
    ['insertedId is missing', jsonResponse({}, 201)],
  ])("says 'Failed to add product' when %s, and keeps the values", async (_case, answer) => {
    mockXhr(() => UPLOADED);
    const { user } = renderPage({ [ADD]: answer });
    const form = await fillIn(user);

    await user.click(form.submit);

    expect(await screen.findByText(PRODUCT_ADD_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(PRODUCT_ADDED_MESSAGE)).not.toBeInTheDocument();
    expect(form.name).toHaveValue('Bench Grinder');
  });

  it('does not upload the same image twice when the product is sent again', async () => {
    const { requests } = mockXhr(() => UPLOADED);
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    const { user, fetchMock } = renderPage({ [ADD]: () => answer });
    const form = await fillIn(user);
    await user.click(form.submit);
    await screen.findByText(PRODUCT_ADD_FAILED_MESSAGE);

    answer = jsonResponse({ insertedId: 'new-id' }, 201);
    await user.click(form.submit);

    expect(await screen.findByText(PRODUCT_ADDED_MESSAGE)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requestLog(fetchMock)).toEqual([ADD, ADD]);
  });
});
