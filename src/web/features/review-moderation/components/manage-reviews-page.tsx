import { useId } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  REVIEW_HIDDEN_MESSAGE,
  REVIEW_SHOWN_MESSAGE,
  type ModeratedReview,
} from '../../../../shared/review.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { useAllReviews } from '../api/get-all-reviews.ts';
import { useModerateReview } from '../api/moderate-review.ts';

function ReviewRow({ review }: { review: ModeratedReview }) {
  const moderate = useModerateReview();
  const authorId = useId();
  const hidden = review.hidden;

  const toggle = () =>
    moderate.mutate(
      { id: review._id, hidden: !hidden },
      {
        onSuccess: (result) =>
          toast.success(result.hidden ? REVIEW_HIDDEN_MESSAGE : REVIEW_SHOWN_MESSAGE),
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <tr className={hidden ? 'opacity-70' : undefined}>
      <td>
        <p id={authorId} className="font-semibold">
          {review.name}
        </p>
        {review.email && <p className="text-sm text-stone-600">{review.email}</p>}
        {review.verified && <span className="badge badge-success badge-sm">Verified purchase</span>}
      </td>
      <td>
        <StarRating rating={review.rating} />
      </td>
      <td className="max-w-md whitespace-pre-line">{review.review}</td>
      <td>{hidden ? 'Hidden' : 'Visible'}</td>
      <td>
        <button
          type="button"
          className={`btn btn-sm ${hidden ? 'btn-neutral' : 'btn-warning'}`}
          aria-describedby={authorId}
          disabled={moderate.isPending}
          onClick={toggle}
        >
          {moderate.isPending && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          {hidden ? 'Show' : 'Hide'}
        </button>
      </td>
    </tr>
  );
}

/** Dashboard → Manage Reviews: hide spam from the shop, or show a review again. */
export function ManageReviewsPage() {
  const reviews = useAllReviews();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">
        {reviews.isSuccess ? `Manage Reviews: ${reviews.data.length}` : 'Manage Reviews'}
      </h1>
      <QueryState query={reviews} loading="Loading reviews" failed="We couldn't load the reviews.">
        {(list) => (
          <DataTable
            columns={['Customer', 'Rating', 'Review', 'Status', 'Action']}
            isEmpty={list.length === 0}
            empty={<p>No reviews yet.</p>}
          >
            {list.map((review) => (
              <ReviewRow key={review._id} review={review} />
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
