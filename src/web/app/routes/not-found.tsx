import { DocumentTitle } from '../../components/document-title.tsx';
import { NotFoundPage } from '../../features/pages/components/not-found-page.tsx';

export default function NotFoundRoute() {
  return (
    <>
      <DocumentTitle title="Page not found" />
      <NotFoundPage />
    </>
  );
}
