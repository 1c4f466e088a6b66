import { QueryState } from '../../../components/query-state.tsx';
import { useReviews } from '../api/get-reviews.ts';
import { ReviewCard } from './review-card.tsx';

function ReviewsBody() {
  return (
    <QueryState
      query={useReviews()}
      loading="Loading reviews"
      failed="We couldn't load the reviews."
    >
      {(reviews) =>
        reviews.length === 0 ? (
          <p className="text-center text-lg">No reviews yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

export function CustomerReviews() {
  return (
    <section aria-labelledby="customer-reviews-heading" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="customer-reviews-heading" className="mb-8 text-center text-3xl font-bold">
        What our customers say
      </h2>
      <ReviewsBody />
    </section>
  );
}
