import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../../shared/for-sale.ts';
import {
  LIST_ADDED_TO_BASKET_MESSAGE,
  LIST_DELETED_MESSAGE,
  LIST_NAME_TAKEN_MESSAGE,
  LIST_SAVED_MESSAGE,
  LISTS_FOR_COMPANIES_MESSAGE,
  listPaths,
  listUnknownSkuMessage,
  type SavedList,
} from '../../../../shared/saved-lists.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeBasket, makeBasketLine, uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SaveBasketAsList } from './save-basket-as-list.tsx';
import { SavedListsPage } from './saved-lists-page.tsx';

const COMPANY = { id: 'org-1', name: 'Acme Builders' };
const van: SavedList = {
  id: uuid(1),
  name: 'Van restock',
  createdBy: 'Sam Site',
  updatedAt: '2026-11-29T09:00:00.000Z',
  lines: [
    {
      sku: 'DR-18V',
      variantId: uuid(11),
      productId: uuid(21),
      productName: 'Drill',
      label: '18V',
      quantity: 2,
      problem: null,
    },
    {
      sku: 'SAW-1',
      variantId: uuid(12),
      productId: uuid(22),
      productName: 'Saw',
      label: '',
      quantity: 1,
      problem: PRODUCT_WITHDRAWN_MESSAGE,
    },
  ],
};
const errorResponse = (status: number, message: string, fields?: Record<string, string>) =>
  jsonResponse({ code: 'CONFLICT', message, fields, requestId: 'r' }, status);
const LISTS = `GET ${listPaths.lists}`;

describe('SavedListsPage', () => {
  it('shows the company’s lists; Add to basket puts one in, says what was left out, refreshes the basket', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [LISTS]: jsonResponse({ lists: [van], company: COMPANY }),
      [`POST ${listPaths.toBasket(van.id)}`]: jsonResponse({
        ...makeBasket([makeBasketLine(1, 2, { name: 'Drill (18V)', sku: 'DR-18V' })]),
        skipped: [{ sku: 'SAW-1', name: 'Saw', reason: PRODUCT_WITHDRAWN_MESSAGE }],
      }),
      [`GET ${apiPaths.basket}`]: jsonResponse(makeBasket([])),
    });
    const { user, queryClient } = renderWithProviders(<SavedListsPage />);
    const card = within(
      (await screen.findByRole('heading', { name: 'Van restock' })).closest('li')!,
    );
    expect(screen.getByText(/Lists of Acme Builders/)).toBeInTheDocument();
    const lines = within(card.getByRole('list', { name: 'Lines of Van restock' }));
    expect(lines.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 ×Drill (18V)DR-18V',
      `1 ×SawSAW-1${PRODUCT_WITHDRAWN_MESSAGE}`,
    ]);
    // The basket is watched (the navbar's count): it is asked again after the list went in.
    queryClient.setQueryData(['basket'], makeBasket([]));

    await user.click(card.getByRole('button', { name: 'Add Van restock to basket' }));
    expect(
      await screen.findByText(
        `${LIST_ADDED_TO_BASKET_MESSAGE}. Saw (SAW-1) was left out: ${PRODUCT_WITHDRAWN_MESSAGE}`,
      ),
    ).toBeInTheDocument();
    expect(requestLog(fetchMock)).toContain(`POST ${listPaths.toBasket(van.id)}`);
    await waitFor(() => expect(queryClient.getQueryState(['basket'])?.isInvalidated).toBe(true));
  });

  it('creates a list from rows of SKU and quantity, with the server’s messages under their fields', async () => {
    storeAccessToken('access-1');
    let posts = 0;
    const fetchMock = mockApi({
      [LISTS]: jsonResponse({ lists: [], company: COMPANY }),
      [`POST ${listPaths.lists}`]: () => {
        posts += 1;
        return posts === 1
          ? errorResponse(400, listUnknownSkuMessage('NOPE'), {
              'lines.1.sku': listUnknownSkuMessage('NOPE'),
            })
          : jsonResponse({ ...van, id: uuid(2), name: 'Site B' }, 201);
      },
    });
    const { user } = renderWithProviders(<SavedListsPage />);
    await user.click(await screen.findByRole('button', { name: 'New list' }));
    const form = within(screen.getByRole('form', { name: 'New list' }));
    // Nothing typed: the shared schema's messages, nothing sent.
    await user.click(form.getByRole('button', { name: 'Save list' }));
    expect(form.getByLabelText('List name')).toHaveAccessibleDescription('List name is required');
    expect(
      within(form.getByRole('group', { name: 'Line 1' })).getByLabelText('SKU'),
    ).toHaveAccessibleDescription('SKU is required');
    expect(requestLog(fetchMock)).not.toContain(`POST ${listPaths.lists}`);

    await user.type(form.getByLabelText('List name'), 'Site B');
    const first = within(form.getByRole('group', { name: 'Line 1' }));
    await user.type(first.getByLabelText('SKU'), 'DR-18V');
    await user.clear(first.getByLabelText('Quantity'));
    await user.type(first.getByLabelText('Quantity'), '3');
    await user.click(form.getByRole('button', { name: 'Add line' }));
    const second = within(form.getByRole('group', { name: 'Line 2' }));
    await user.type(second.getByLabelText('SKU'), 'NOPE');
    await user.click(form.getByRole('button', { name: 'Save list' }));
    await waitFor(() =>
      expect(second.getByLabelText('SKU')).toHaveAccessibleDescription(
        listUnknownSkuMessage('NOPE'),
      ),
    );
    expect(lastRequest(fetchMock, `POST ${listPaths.lists}`).body).toEqual({
      name: 'Site B',
      lines: [
        { sku: 'DR-18V', quantity: 3 },
        { sku: 'NOPE', quantity: 1 },
      ],
    });

    await user.click(form.getByRole('button', { name: 'Remove line 2' }));
    await user.click(form.getByRole('button', { name: 'Save list' }));
    expect(await screen.findByText(LIST_SAVED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${listPaths.lists}`).body).toEqual({
      name: 'Site B',
      lines: [{ sku: 'DR-18V', quantity: 3 }],
    });
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it('edits a list in place, sending its name and lines', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [LISTS]: jsonResponse({ lists: [van], company: COMPANY }),
      [`PUT ${listPaths.list(van.id)}`]: jsonResponse({ ...van, name: 'Van (big)' }),
    });
    const { user } = renderWithProviders(<SavedListsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Van restock' }));
    const form = within(screen.getByRole('form', { name: 'Edit Van restock' }));
    expect(form.getByLabelText('List name')).toHaveValue('Van restock');
    await user.clear(form.getByLabelText('List name'));
    await user.type(form.getByLabelText('List name'), 'Van (big)');
    const line = within(form.getByRole('group', { name: 'Line 1' }));
    await user.clear(line.getByLabelText('Quantity'));
    await user.type(line.getByLabelText('Quantity'), '5');
    await user.click(form.getByRole('button', { name: 'Save list' }));
    expect(await screen.findByText(LIST_SAVED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, `PUT ${listPaths.list(van.id)}`).body).toEqual({
      name: 'Van (big)',
      lines: [
        { sku: 'DR-18V', quantity: 5 },
        { sku: 'SAW-1', quantity: 1 },
      ],
    });
  });

  it('deletes a list only once confirmed', async () => {
    storeAccessToken('access-1');
    let lists = [van];
    const fetchMock = mockApi({
      [LISTS]: () => jsonResponse({ lists, company: COMPANY }),
      [`DELETE ${listPaths.list(van.id)}`]: () => {
        lists = [];
        return jsonResponse({ deletedCount: 1 });
      },
    });
    const { user } = renderWithProviders(<SavedListsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Van restock' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Van restock?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requestLog(fetchMock)).not.toContain(`DELETE ${listPaths.list(van.id)}`);

    await user.click(screen.getByRole('button', { name: 'Delete Van restock' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Van restock?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(LIST_DELETED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText(/No lists yet/)).toBeInTheDocument();
  });

  it('tells an account of no company that lists are for company accounts', async () => {
    storeAccessToken('access-1');
    mockApi({ [LISTS]: jsonResponse({ lists: [], company: null }) });
    renderWithProviders(<SavedListsPage />);
    expect(await screen.findByText(`${LISTS_FOR_COMPANIES_MESSAGE}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New list' })).not.toBeInTheDocument();
  });
});

describe('SaveBasketAsList', () => {
  const lines = [makeBasketLine(1, 4, { name: 'Drill', sku: 'DR-18V' })];
  const signedIn = {
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
  };

  it('saves the basket’s lines as a named list of the company', async () => {
    storeAccessToken('access-1');
    let posts = 0;
    const fetchMock = mockApi({
      ...signedIn,
      [LISTS]: jsonResponse({ lists: [], company: COMPANY }),
      [`POST ${listPaths.lists}`]: () => {
        posts += 1;
        return posts === 1
          ? errorResponse(409, LIST_NAME_TAKEN_MESSAGE, { name: LIST_NAME_TAKEN_MESSAGE })
          : jsonResponse({ ...van, name: 'Weekly' }, 201);
      },
    });
    const { user } = renderWithProviders(<SaveBasketAsList lines={lines} />);
    await user.click(await screen.findByRole('button', { name: 'Save as list' }));
    const form = within(screen.getByRole('form', { name: 'Save this basket as a list' }));
    await user.click(form.getByRole('button', { name: 'Save list' }));
    expect(form.getByLabelText('List name')).toHaveAccessibleDescription('List name is required');
    await user.type(form.getByLabelText('List name'), 'Weekly');
    await user.click(form.getByRole('button', { name: 'Save list' }));
    await waitFor(() =>
      expect(form.getByLabelText('List name')).toHaveAccessibleDescription(LIST_NAME_TAKEN_MESSAGE),
    );
    await user.click(form.getByRole('button', { name: 'Save list' }));
    expect(await screen.findByText(LIST_SAVED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${listPaths.lists}`).body).toEqual({
      name: 'Weekly',
      lines: [{ sku: 'DR-18V', quantity: 4 }],
    });
  });

  it('is not offered to an account of no company', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      ...signedIn,
      [LISTS]: jsonResponse({ lists: [], company: null }),
    });
    renderWithProviders(<SaveBasketAsList lines={lines} />);
    await waitFor(() => expect(requestLog(fetchMock)).toContain(LISTS));
    expect(screen.queryByRole('button', { name: 'Save as list' })).not.toBeInTheDocument();
  });
});
