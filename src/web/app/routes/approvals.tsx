import { DocumentTitle } from '../../components/document-title.tsx';
import { ApprovalsPage } from '../../features/approvals/components/approvals-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ApprovalsRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.approvals.title} />
      <ApprovalsPage />
    </>
  );
}
