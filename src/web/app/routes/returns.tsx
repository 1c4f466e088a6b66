import { DocumentTitle } from '../../components/document-title.tsx';
import { ReturnsPage } from '../../features/aftersale/components/returns-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function Route() {
  return (
    <>
      <DocumentTitle title={pageRoutes.returns.title} />
      <ReturnsPage />
    </>
  );
}
