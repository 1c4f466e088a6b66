import { DocumentTitle } from '../../components/document-title.tsx';
import { RecallsPage } from '../../features/aftersale/components/recalls-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function Route() {
  return (
    <>
      <DocumentTitle title={pageRoutes.recalls.title} />
      <RecallsPage />
    </>
  );
}
