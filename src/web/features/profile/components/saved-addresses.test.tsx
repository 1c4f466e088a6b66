import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADDRESS_SAVED_MESSAGE, type SavedAddress } from '../../../../shared/address.ts';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SavedAddresses } from './saved-addresses.tsx';

const LIST = `GET ${apiPaths.addresses}`;
const SAVE = `POST ${apiPaths.addresses}`;

const ottawa: SavedAddress = {
  _id: uuid(4001),
  address: '24 Sussex Dr, Ottawa, ON K1A 0A1, CA',
  phone: '+1 613 555 0100',
  postal: {
    name: customer.name,
    company: '',
    line1: '24 Sussex Dr',
    line2: '',
    city: 'Ottawa',
    region: 'ON',
    postalCode: 'K1A 0A1',
    country: 'CA',
    phone: '+1 613 555 0100',
  },
  createdAt: '2026-11-02T00:00:00.000Z',
};
const porto: SavedAddress = {
  _id: uuid(4002),
  address: '9 Dock Road, Porto',
  phone: '',
  postal: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function BehindGuard() {
  return useAuth().status === 'signedIn' ? <SavedAddresses /> : null;
}

function renderAddresses(routes: Parameters<typeof mockApi>[0]) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    ...routes,
  });
  return { fetchMock, ...renderWithProviders(<BehindGuard />, { route: '/dashboard' }) };
}

describe('SavedAddresses', () => {
  it('lists the saved addresses, a structured one with its place’s names, and deletes one', async () => {
    let saved = [ottawa, porto];
    const { user, fetchMock } = renderAddresses({
      [LIST]: () => jsonResponse(saved),
      [`DELETE ${apiPaths.address(porto._id)}`]: () => {
        saved = [ottawa];
        return jsonResponse({ deletedCount: 1 });
      },
    });

    const first = await screen.findByRole('listitem', { name: ottawa.address });
    expect(first).toHaveTextContent(
      'Ana Lima24 Sussex DrOttawa, Ontario, K1A 0A1Canada+1 613 555 0100',
    );
    expect(screen.getByRole('listitem', { name: porto.address })).toHaveTextContent(
      '9 Dock Road, Porto',
    );

    await user.click(screen.getByRole('button', { name: `Delete ${porto.address}` }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: porto.address })).not.toBeInTheDocument(),
    );
    expect(requestLog(fetchMock)).toContain(`DELETE ${apiPaths.address(porto._id)}`);
  });

  it('adds a structured address, checked before it is sent', async () => {
    const { user, fetchMock } = renderAddresses({
      [LIST]: jsonResponse([]),
      [SAVE]: jsonResponse(ottawa, 201),
    });
    expect(await screen.findByText('No saved addresses yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = within(screen.getByRole('form', { name: 'New address' }));
    expect(form.getByLabelText('Name')).toHaveValue(customer.name);

    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(form.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(requestLog(fetchMock)).not.toContain(SAVE);

    await user.selectOptions(form.getByLabelText('Country'), 'Canada');
    await user.type(form.getByLabelText('Address'), '24 Sussex Dr');
    await user.type(form.getByLabelText('City'), 'Ottawa');
    await user.selectOptions(form.getByLabelText('Region'), 'Ontario');
    await user.type(form.getByLabelText('Postal code'), 'K1A 0A1');
    await user.type(form.getByLabelText('Phone'), '+1 613 555 0100');
    await user.click(form.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText(ADDRESS_SAVED_MESSAGE)).toBeInTheDocument();
    // The fields as typed: Ana Lima's Ottawa address.
    expect(lastRequest(fetchMock, SAVE).body).toEqual(ottawa.postal);
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
  });
});
