import { DocumentTitle } from '../../components/document-title.tsx';
import { MyQuotesPage } from '../../features/quotes/components/my-quotes-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function MyQuotesRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.myQuotes.title} />
      <MyQuotesPage />
    </>
  );
}
