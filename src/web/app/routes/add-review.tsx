import { DocumentTitle } from '../../components/document-title.tsx';
import { AddReview } from '../../features/reviews/components/add-review.tsx';

export default function AddReviewRoute() {
  return (
    <>
      <DocumentTitle title="Add Review" />
      <AddReview />
    </>
  );
}
