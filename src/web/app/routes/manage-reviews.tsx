import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageReviewsPage } from '../../features/review-moderation/components/manage-reviews-page.tsx';

export default function Route() {
  return (
    <>
      <DocumentTitle title="Manage Reviews" />
      <ManageReviewsPage />
    </>
  );
}
