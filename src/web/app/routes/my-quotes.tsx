import { DocumentTitle } from '../../components/document-title.tsx';
import { MyQuotesPage } from '../../features/quotes/components/my-quotes-page.tsx';

export default function MyQuotesRoute() {
  return (
    <>
      <DocumentTitle title="My Quotes" />
      <MyQuotesPage />
    </>
  );
}
