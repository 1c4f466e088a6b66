import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeReview } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CustomerReviews } from './customer-reviews.tsx';

describe('CustomerReviews', () => {
  it('shows each review with the customer name, its stars and its text', async () => {
    mockFetch(({ url }) => {
      expect(url).toBe(apiPaths.reviews);
      return jsonResponse([
        makeReview(1, { name: 'Ayesha Khan', rating: 5, review: 'The drill is a beast.' }),
        makeReview(2, { name: 'Tom Berg', rating: 3, review: 'Good saw, loud motor.' }),
      ]);
    });
    renderWithProviders(<CustomerReviews />);

    const section = screen.getByRole('region', { name: 'What our customers say' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Ayesha Khan')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(first).getByText('The drill is a beast.')).toBeInTheDocument();
    expect(within(second).getByText('Tom Berg')).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
    expect(within(second).getByText('Good saw, loud motor.')).toBeInTheDocument();
  });

  it('offers to try again when the reviews fail to load', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse([makeReview(1)]);
    });
    const { user } = renderWithProviders(<CustomerReviews />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the reviews.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Review text 1')).toBeInTheDocument();
  });
});
