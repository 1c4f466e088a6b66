import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shippingSettingsPaths, type TaxRegion } from '../../../../shared/shipping-settings.ts';
import { lastRequest, mockApi, type MockRequest } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaxesPage } from './taxes-page.tsx';

const row = (fields: Partial<TaxRegion> & Pick<TaxRegion, 'country' | 'region' | 'name'>) =>
  ({
    code: fields.region ? `${fields.country}-${fields.region}` : fields.country,
    standardRate: 0,
    reducedRate: 0,
    collect: false,
    taxShipping: true,
    pricesIncludeTax: false,
    updatedAt: '2026-11-29T06:00:00.000Z',
    ...fields,
  }) satisfies TaxRegion;

const regions: TaxRegion[] = [
  row({
    country: 'DE',
    region: '',
    name: 'Germany',
    standardRate: 19,
    reducedRate: 7,
    collect: true,
    pricesIncludeTax: true,
  }),
  row({ country: 'US', region: '', name: 'United States' }),
  row({ country: 'US', region: 'CA', name: 'California', standardRate: 7.25, taxShipping: false }),
  row({ country: 'US', region: 'WI', name: 'Wisconsin', standardRate: 5 }),
];

/** PATCH answers the row with the patch applied. */
const patched = (request: MockRequest) => {
  const code = decodeURIComponent(request.url.split('/').pop() ?? '');
  const found = regions.find((one) => one.code === code)!;
  return jsonResponse({ ...found, ...(request.body as object) });
};

describe('TaxesPage', () => {
  it('filters the table, turns Collect on for a state and saves a changed rate', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [`GET ${shippingSettingsPaths.taxRegions}`]: jsonResponse({ regions }),
      [`GET ${shippingSettingsPaths.pricingSettings}`]: jsonResponse({
        originCountry: 'US',
        version: 4,
      }),
      [`PATCH ${shippingSettingsPaths.taxRegion('US-WI')}`]: patched,
    });
    const { user } = renderWithProviders(<TaxesPage />);
    const table = within(await screen.findByRole('table', { name: 'Tax table' }));
    expect(table.getAllByRole('row')).toHaveLength(5);
    expect(screen.getByLabelText('Origin country')).toHaveValue('US');

    await user.type(screen.getByLabelText('Filter'), 'united states');
    expect(table.getAllByRole('row')).toHaveLength(4);
    expect(table.queryByText('Germany')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Filter'));
    await user.type(screen.getByLabelText('Filter'), 'wi');
    expect(table.getAllByRole('row')).toHaveLength(2);

    const collect = table.getByRole('checkbox', { name: 'Collect, Wisconsin (US-WI)' });
    expect(collect).not.toBeChecked();
    await user.click(collect);
    expect(await screen.findByText('Collect on for Wisconsin')).toBeInTheDocument();
    expect(
      lastRequest(fetchMock, `PATCH ${shippingSettingsPaths.taxRegion('US-WI')}`).body,
    ).toEqual({
      collect: true,
    });
    expect(table.getByRole('checkbox', { name: 'Collect, Wisconsin (US-WI)' })).toBeChecked();

    const standard = table.getByLabelText('Standard (%), Wisconsin (US-WI)');
    await user.clear(standard);
    await user.type(standard, '5.5');
    await user.click(table.getByRole('button', { name: 'Save rates, Wisconsin (US-WI)' }));
    expect(await screen.findByText('Rates of Wisconsin are saved')).toBeInTheDocument();
    expect(
      lastRequest(fetchMock, `PATCH ${shippingSettingsPaths.taxRegion('US-WI')}`).body,
    ).toEqual({
      standardRate: 5.5,
      reducedRate: 0,
    });
  });

  it('refuses a rate over 100 percent on its field, sending nothing', async () => {
    storeAccessToken('access-1');
    mockApi({
      [`GET ${shippingSettingsPaths.taxRegions}`]: jsonResponse({ regions }),
      [`GET ${shippingSettingsPaths.pricingSettings}`]: jsonResponse({
        originCountry: 'US',
        version: 4,
      }),
    });
    const { user } = renderWithProviders(<TaxesPage />);
    const table = within(await screen.findByRole('table', { name: 'Tax table' }));
    const reduced = table.getByLabelText('Reduced (%), Germany (DE)');
    await user.clear(reduced);
    await user.type(reduced, '107');
    await user.click(table.getByRole('button', { name: 'Save rates, Germany (DE)' }));
    expect(await table.findByText('Reduced rate must be at most 100')).toBeInTheDocument();
    expect(reduced).toHaveAttribute('aria-invalid', 'true');
  });
});
