import { DocumentTitle } from '../../components/document-title.tsx';
import { AddReview } from '../../features/reviews/components/add-review.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function AddReviewRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.addReview.title} />
      <AddReview />
    </>
  );
}
