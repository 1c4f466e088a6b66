import { DocumentTitle } from '../../components/document-title.tsx';
import { OverviewPage } from '../../features/admin-overview/components/overview-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function Route() {
  return (
    <>
      <DocumentTitle title={pageRoutes.overview.title} />
      <OverviewPage />
    </>
  );
}
