import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { REVIEW_HIDDEN_MESSAGE, type ModeratedReview } from '../../../../shared/review.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeReview } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ManageReviewsPage } from './manage-reviews-page.tsx';

const moderated = (n: number, fields: Partial<ModeratedReview>): ModeratedReview => ({
  ...makeReview(n),
  email: `customer${n}@example.com`,
  hidden: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

describe('ManageReviewsPage', () => {
  it('hides a review, says so, and reloads the list', async () => {
    let spam = moderated(1, { name: 'Spam Bot', review: 'Cheap watches' });
    const buyer = moderated(2, { name: 'Real Buyer', verified: true });
    const fetchMock = mockApi({
      [`GET ${apiPaths.allReviews}`]: () => jsonResponse([spam, buyer]),
      [`PATCH ${apiPaths.review(spam._id)}`]: () => {
        spam = { ...spam, hidden: true };
        return jsonResponse(spam);
      },
    });
    const { user } = renderWithProviders(<ManageReviewsPage />);

    expect(await screen.findByRole('heading', { name: 'Manage Reviews: 2' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Real Buyer/ })).getByText('Verified purchase'),
    ).toBeInTheDocument();
    const spamRow = within(screen.getByRole('row', { name: /Spam Bot/ }));
    expect(spamRow.getByRole('cell', { name: 'Visible' })).toBeInTheDocument();
    await user.click(spamRow.getByRole('button', { name: 'Hide' }));

    expect(await screen.findByText(REVIEW_HIDDEN_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, `PATCH ${apiPaths.review(spam._id)}`).body).toEqual({
      hidden: true,
    });
    const hiddenRow = within(screen.getByRole('row', { name: /Spam Bot/ }));
    expect(await hiddenRow.findByRole('button', { name: 'Show' })).toHaveAccessibleDescription(
      /Spam Bot/,
    );
    expect(hiddenRow.getByRole('cell', { name: 'Hidden' })).toBeInTheDocument();
  });
});
