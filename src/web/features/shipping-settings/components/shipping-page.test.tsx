import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODE_MESSAGE,
  MIN_ABOVE_MAX_WEIGHT_MESSAGE,
  type ShippingMethod,
  type ShippingZone,
  shippingSettingsPaths,
} from '../../../../shared/shipping-settings.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ShippingPage } from './shipping-page.tsx';

const standard: ShippingMethod = {
  _id: uuid(11),
  zoneId: uuid(1),
  name: 'Standard',
  deliveryText: '3–5 business days',
  rates: [
    { minWeightGrams: null, maxWeightGrams: 30000, minValue: null, maxValue: null, price: 9.95 },
  ],
  freeOver: 199,
  collect: false,
  active: true,
  position: 0,
};
const freight: ShippingMethod = {
  ...standard,
  _id: uuid(12),
  name: 'Freight',
  deliveryText: 'By pallet',
  rates: [
    { minWeightGrams: 30001, maxWeightGrams: null, minValue: null, maxValue: null, price: 89 },
  ],
  freeOver: null,
  position: 1,
};
const us: ShippingZone = {
  _id: uuid(1),
  name: 'United States',
  countries: ['US'],
  regions: [],
  position: 0,
  methods: [standard, freight],
};

describe('ShippingPage', () => {
  it('lists the zones with their methods and rates; deletes a method after a confirmation', async () => {
    storeAccessToken('access-1');
    let zones = [us];
    const fetchMock = mockApi({
      [`GET ${shippingSettingsPaths.shippingZones}`]: () => jsonResponse({ zones }),
      [`DELETE ${shippingSettingsPaths.shippingMethod(freight._id)}`]: () => {
        zones = [{ ...us, methods: [standard] }];
        return jsonResponse({ deleted: true });
      },
    });
    const { user } = renderWithProviders(<ShippingPage />);
    const list = within(await screen.findByRole('list', { name: 'Shipping zones' }));
    expect(list.getByRole('heading', { name: 'United States' })).toBeInTheDocument();
    const table = within(list.getByRole('table', { name: 'Methods of United States' }));
    const row = within(table.getByRole('row', { name: /^Standard/ }));
    expect(row.getByText('up to 30,000 g: $9.95')).toBeInTheDocument();
    expect(row.getByText('$199.00')).toBeInTheDocument();
    expect(table.getByText('from 30,001 g: $89.00')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Delete Freight (United States)' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete the method Freight?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Method Freight is deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Delete Freight (United States)' }),
      ).not.toBeInTheDocument(),
    );
    expect(
      lastRequest(fetchMock, `DELETE ${shippingSettingsPaths.shippingMethod(freight._id)}`),
    ).toBeDefined();
  });

  it('adds a method with weight bands, saying first what is wrong with a band', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [`GET ${shippingSettingsPaths.shippingZones}`]: jsonResponse({ zones: [us] }),
      [`POST ${shippingSettingsPaths.shippingZoneMethods(us._id)}`]: jsonResponse(
        { ...standard, _id: uuid(13), name: 'Express' },
        201,
      ),
    });
    const { user } = renderWithProviders(<ShippingPage />);
    await user.click(await screen.findByRole('button', { name: 'Add a method to United States' }));
    const form = within(screen.getByRole('form', { name: 'Add a method to United States' }));
    await user.type(form.getByLabelText('Method name'), 'Express');
    await user.type(form.getByLabelText('Delivery time'), '1–2 business days');
    await user.type(form.getByLabelText('Min weight (g), rate 1'), '5000');
    await user.type(form.getByLabelText('Max weight (g), rate 1'), '2000');
    await user.type(form.getByLabelText('Price ($), rate 1'), '14.95');
    await user.click(form.getByRole('button', { name: 'Add method' }));
    expect(await form.findByText(MIN_ABOVE_MAX_WEIGHT_MESSAGE)).toBeInTheDocument();
    expect(form.getByLabelText('Max weight (g), rate 1')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(form.getByLabelText('Min weight (g), rate 1'));
    await user.click(form.getByRole('button', { name: 'Add a rate' }));
    await user.type(form.getByLabelText('Min weight (g), rate 2'), '2001');
    await user.type(form.getByLabelText('Price ($), rate 2'), '24.95');
    await user.type(form.getByLabelText('Free over ($)'), '500');
    await user.click(form.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('Method Express is saved')).toBeInTheDocument();
    expect(
      lastRequest(fetchMock, `POST ${shippingSettingsPaths.shippingZoneMethods(us._id)}`).body,
    ).toEqual({
      name: 'Express',
      deliveryText: '1–2 business days',
      rates: [
        { maxWeightGrams: 2000, price: 14.95 },
        { minWeightGrams: 2001, price: 24.95 },
      ],
      freeOver: 500,
      collect: false,
      active: true,
      position: 0,
    });
  });

  it('adds a zone from the codes typed, after saying which code is no country', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [`GET ${shippingSettingsPaths.shippingZones}`]: jsonResponse({ zones: [] }),
      [`POST ${shippingSettingsPaths.shippingZones}`]: jsonResponse(
        { ...us, _id: uuid(2), name: 'North America', countries: ['US', 'CA'], methods: [] },
        201,
      ),
    });
    const { user } = renderWithProviders(<ShippingPage />);
    expect(await screen.findByText(/No zones yet/)).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Add a shipping zone' }));
    await user.type(form.getByLabelText('Zone name'), 'North America');
    await user.type(form.getByLabelText('Countries'), 'us, xx');
    await user.click(form.getByRole('button', { name: 'Add zone' }));
    expect(await form.findByText(COUNTRY_CODE_MESSAGE)).toBeInTheDocument();
    expect(form.getByLabelText('Countries')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(form.getByLabelText('Countries'));
    await user.type(form.getByLabelText('Countries'), 'us ca');
    await user.click(form.getByRole('button', { name: 'Add zone' }));
    expect(await screen.findByText('Zone North America is saved')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${shippingSettingsPaths.shippingZones}`).body).toEqual({
      name: 'North America',
      countries: ['US', 'CA'],
      regions: [],
      position: 0,
    });
  });
});
