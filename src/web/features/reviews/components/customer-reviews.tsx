import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useReviews } from '../api/get-reviews.ts';
import { ReviewCard } from './review-card.tsx';

function ReviewsBody() {
  const query = useReviews();
  if (query.isPending) return <Spinner label="Loading reviews" />;
  if (query.isError) {
    return (
      <ErrorState
        title="We couldn't load the reviews."
        detail={query.error.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) return <p className="text-center text-lg">No reviews yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {query.data.map((review) => (
        <li key={review._id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
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
