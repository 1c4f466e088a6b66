import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageQuotesPage } from '../../features/quotes/components/manage-quotes-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ManageQuotesRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.quotes.title} />
      <ManageQuotesPage />
    </>
  );
}
