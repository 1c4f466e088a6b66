import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageReviewsPage } from '../../features/review-moderation/components/manage-reviews-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function Route() {
  return (
    <>
      <DocumentTitle title={pageRoutes.manageReviews.title} />
      <ManageReviewsPage />
    </>
  );
}
