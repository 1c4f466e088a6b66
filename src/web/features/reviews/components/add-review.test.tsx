import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { REVIEW_POSTED_MESSAGE } from '../../../../shared/review.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeReview } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { reviewsQueryOptions } from '../api/get-reviews.ts';
import { AddReview } from './add-review.tsx';

const SESSION = `GET ${apiPaths.auth.session}`;
const POST_REVIEW = `POST ${apiPaths.reviews}`;
const REVIEWS = `GET ${apiPaths.reviews}`;

type Answer = Parameters<typeof mockApi>[0][string];

/** Add Review renders behind RequireAuth: shown once the session is restored, as the guard does. */
function BehindGuard() {
  return useAuth().status === 'signedIn' ? <AddReview /> : null;
}

function renderAddReview(routes: Record<string, Answer> = {}) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({ [SESSION]: sessionResponse(customer, 'access-1'), ...routes });
  return {
    fetchMock,
    ...renderWithProviders(<BehindGuard />, { route: '/dashboard/addReview' }),
  };
}

async function fields() {
  await screen.findByRole('heading', { level: 1, name: 'Add Review' });
  return {
    name: screen.getByLabelText('Name'),
    rating: screen.getByLabelText('Rating'),
    review: screen.getByLabelText('Review'),
    submit: screen.getByRole('button', { name: 'Submit' }),
  };
}

describe('AddReview', () => {
  it("shows the account's name disabled, a rating out of 5 and the review text", async () => {
    renderAddReview();
    const { name, rating, review } = await fields();

    expect(name).toHaveValue(customer.name);
    expect(name).toBeDisabled();
    expect(rating).toHaveAttribute('type', 'number');
    expect(rating).toHaveAttribute('placeholder', 'Rating out of 5');
    expect(rating).toHaveAttribute('min', '1');
    expect(rating).toHaveAttribute('max', '5');
    expect(review.tagName).toBe('TEXTAREA');
    expect(review).toBeRequired();
  });

  it('checks the rating and the review before sending', async () => {
    const { user, fetchMock } = renderAddReview();
    const { rating, review, submit } = await fields();

    await user.click(submit);

    expect(await screen.findByText('Rating is required')).toBeInTheDocument();
    expect(review).toHaveAccessibleDescription('Review is required');

    await user.type(rating, '6');
    expect(rating).toHaveAccessibleDescription('Rating must be between 1 and 5');
    await user.clear(rating);
    await user.type(rating, '5');
    expect(rating).not.toHaveAccessibleDescription();
    expect(requestLog(fetchMock)).not.toContain(POST_REVIEW);
  });

  it('posts the review, says so, clears the form and refreshes the reviews', async () => {
    const { user, fetchMock, queryClient } = renderAddReview({
      [POST_REVIEW]: ({ body }) =>
        jsonResponse(makeReview(9, { name: customer.name, ...(body as object) }), 201),
      [REVIEWS]: jsonResponse([makeReview(1)]),
    });
    await queryClient.prefetchQuery(reviewsQueryOptions());
    const { rating, review, submit } = await fields();

    await user.type(rating, '5');
    await user.type(review, 'The drill is a beast.');
    await user.click(submit);

    expect(await screen.findByText(REVIEW_POSTED_MESSAGE)).toBeInTheDocument();
    const sent = lastRequest(fetchMock, POST_REVIEW);
    expect(sent.body).toEqual({ rating: 5, review: 'The drill is a beast.' });
    expect(sent.headers.get('Authorization')).toBe('Bearer access-1');
    expect(rating).toHaveValue(null);
    expect(review).toHaveValue('');
    expect(queryClient.getQueryState(reviewsQueryOptions().queryKey)?.isInvalidated).toBe(true);
    await waitFor(() => expect(requestLog(fetchMock).filter((r) => r === REVIEWS)).toHaveLength(1));
  });

  it("puts the server's field errors under their inputs", async () => {
    const { user } = renderAddReview({
      [POST_REVIEW]: jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are invalid',
          fields: { review: 'Review must be at most 1000 characters' },
        },
        400,
      ),
    });
    const { rating, review, submit } = await fields();

    await user.type(rating, '4');
    await user.type(review, 'Fine.');
    await user.click(submit);

    await waitFor(() =>
      expect(review).toHaveAccessibleDescription('Review must be at most 1000 characters'),
    );
    expect(screen.queryByText(REVIEW_POSTED_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows any other failure as an error toast and keeps what was typed', async () => {
    const { user } = renderAddReview({
      [POST_REVIEW]: jsonResponse(
        { code: 'TOO_MANY_REQUESTS', message: 'Please wait a moment before posting again.' },
        429,
      ),
    });
    const { rating, review, submit } = await fields();

    await user.type(rating, '4');
    await user.type(review, 'Solid saw.');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait a moment before posting again.',
    );
    expect(screen.queryByText(REVIEW_POSTED_MESSAGE)).not.toBeInTheDocument();
    expect(review).toHaveValue('Solid saw.');
  });
});
