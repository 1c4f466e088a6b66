import { RATING_MAX } from '../../shared/review.ts';

interface StarRatingProps {
  rating: number;
  className?: string;
}

const STAR_PATH =
  'M12 2.5l2.95 6.1 6.55.95-4.75 4.63 1.12 6.52L12 17.6l-5.87 3.1 1.12-6.52L2.5 9.55l6.55-.95z';

/** Read-only stars; assistive technology hears "Rated N out of 5". */
export function StarRating({ rating, className = '' }: StarRatingProps) {
  const filled = Math.max(0, Math.min(RATING_MAX, Math.round(rating)));
  return (
    <div
      role="img"
      aria-label={`Rated ${filled} out of ${RATING_MAX}`}
      className={`flex gap-0.5 ${className}`}
    >
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 24 24"
          className={`size-5 ${index < filled ? 'fill-amber-500 stroke-amber-700' : 'fill-base-100 stroke-stone-500'}`}
          strokeWidth="1.5"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </div>
  );
}
