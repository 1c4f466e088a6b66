import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageQuotesPage } from '../../features/quotes/components/manage-quotes-page.tsx';

export default function ManageQuotesRoute() {
  return (
    <>
      <DocumentTitle title="Quotes" />
      <ManageQuotesPage />
    </>
  );
}
