import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { WebhookEndpoint } from '../../../../shared/webhooks.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

const hook: WebhookEndpoint = {
  id: '7f8e4a52-5a55-4c4f-9f7e-2b1f0c5b9a01',
  url: 'https://erp.example.com/hooks',
  events: ['order.paid'],
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderPage(routes: Parameters<typeof mockApi>[0]) {
  storeAccessToken('access-1');
  const fetchMock = mockApi(routes);
  renderWithProviders(<WebhooksPage />, { route: '/dashboard/webhooks' });
  return fetchMock;
}

describe('WebhooksPage', () => {
  it('checks the form, adds a webhook and shows its secret once', async () => {
    const user = userEvent.setup();
    let list: WebhookEndpoint[] = [];
    const fetchMock = renderPage({
      [`GET ${apiPaths.webhooks}`]: () => jsonResponse(list),
      [`POST ${apiPaths.webhooks}`]: () => {
        list = [hook];
        return jsonResponse({ ...hook, secret: 'whsec_abc' }, 201);
      },
    });
    expect(await screen.findByText('No webhooks yet.', {}, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(screen.getByText('Enter an http(s) URL')).toBeVisible();
    expect(screen.getByText('Choose at least one event')).toBeVisible();

    await user.type(screen.getByLabelText('Endpoint URL'), hook.url);
    await user.click(screen.getByRole('checkbox', { name: 'order.paid' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('whsec_abc')).toBeVisible();
    expect(lastRequest(fetchMock, `POST ${apiPaths.webhooks}`).body).toEqual({
      url: hook.url,
      events: ['order.paid'],
    });
    expect(await screen.findByRole('rowheader', { name: hook.url })).toBeVisible();
  });

  it('shows the delivery log and deletes after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage({
      [`GET ${apiPaths.webhooks}`]: jsonResponse([hook]),
      [`GET ${apiPaths.webhookDeliveries(hook.id)}`]: jsonResponse([
        {
          id: 1,
          event: 'order.paid',
          eventId: 'order.paid:1',
          attempt: 2,
          statusCode: 500,
          error: 'The receiver answered 500',
          durationMs: 12,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ]),
      [`DELETE ${apiPaths.webhook(hook.id)}`]: jsonResponse({ deleted: true }),
    });
    const row = (
      await screen.findByRole('rowheader', { name: hook.url }, { timeout: 5000 })
    ).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));
    expect(await screen.findByText('The receiver answered 500')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect
      .poll(() => fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE'))
      .toBe(true);
  });
});
