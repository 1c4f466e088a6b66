import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { companyLocation } from '../../../content/site.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makePublicConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LocationSection } from './location-section.tsx';

// pigeon-maps measures its container, which jsdom cannot do: a stand-in shows what it was given.
vi.mock('./location-map.tsx', () => ({
  default: ({ tileUrlTemplate }: { tileUrlTemplate: string | null }) => (
    <p>map tiles: {tileUrlTemplate ?? 'none'}</p>
  ),
}));

describe('LocationSection', () => {
  it("is titled 'Our Locaiton', shows the address and passes the configured tiles to the map", async () => {
    mockFetch(({ url }) => {
      expect(url).toBe(apiPaths.config);
      return jsonResponse(makePublicConfig({ mapTileUrl: '/tiles/{z}/{x}/{y}.png' }));
    });
    renderWithProviders(<LocationSection location={companyLocation} />);

    expect(screen.getByRole('heading', { name: 'Our Locaiton' })).toBeInTheDocument();
    expect(screen.getByText(companyLocation.addressLines[0] ?? '')).toBeInTheDocument();
    expect(await screen.findByText('map tiles: /tiles/{z}/{x}/{y}.png')).toBeInTheDocument();
  });

  it('still shows the map when the config cannot be loaded', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<LocationSection location={companyLocation} />);

    expect(await screen.findByText('map tiles: none')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
