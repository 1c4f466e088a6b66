import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { VitalsReport } from '../../../../shared/vitals.ts';
import { mockApi } from '../../../test/api-routes.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SiteSpeedPage } from './site-speed-page.tsx';

const report: VitalsReport = {
  days: 28,
  rows: [
    { route: '/', metric: 'LCP', p75: 1800, samples: 120, previousP75: 2600 },
    { route: '/', metric: 'CLS', p75: 0.3, samples: 120, previousP75: null },
    { route: '/allProducts', metric: 'INP', p75: 350, samples: 40, previousP75: 340 },
  ],
};

describe('SiteSpeedPage', () => {
  it("rates each route's p75 against Google's thresholds, with the trend", async () => {
    mockApi({
      [`GET ${apiPaths.adminVitals(28)}`]: jsonResponse(report),
      [`GET ${apiPaths.adminVitals(7)}`]: jsonResponse({ days: 7, rows: [] }),
    });
    const { user } = renderWithProviders(<SiteSpeedPage />);

    const lcp = within(await screen.findByRole('row', { name: /LCP/ }));
    expect(lcp.getByText('1,800 ms')).toBeInTheDocument();
    expect(lcp.getByText('Good')).toBeInTheDocument();
    expect(lcp.getByText('Better (was 2,600 ms)')).toBeInTheDocument();
    const cls = within(screen.getByRole('row', { name: /CLS/ }));
    expect(cls.getByText('0.30')).toBeInTheDocument();
    expect(cls.getByText('Poor')).toBeInTheDocument();
    expect(cls.getByText('No earlier data')).toBeInTheDocument();
    const inp = within(screen.getByRole('row', { name: /INP/ }));
    expect(inp.getByText('Needs improvement')).toBeInTheDocument();
    expect(inp.getByText('Steady')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    expect(
      await screen.findByText('No visits were measured in this period yet.'),
    ).toBeInTheDocument();
  });
});
