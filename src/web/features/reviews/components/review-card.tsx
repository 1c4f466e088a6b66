import type { Review } from '../../../../shared/review.ts';
import { StarRating } from '../../../components/star-rating.tsx';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <StarRating rating={review.rating} />
        <blockquote className="grow">
          <p>{review.review}</p>
        </blockquote>
        <figcaption className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{review.name}</span>
          {review.verified && (
            <span className="badge badge-success badge-sm">Verified purchase</span>
          )}
        </figcaption>
      </div>
    </figure>
  );
}
