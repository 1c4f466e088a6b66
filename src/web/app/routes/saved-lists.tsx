import { DocumentTitle } from '../../components/document-title.tsx';
import { SavedListsPage } from '../../features/saved-lists/components/saved-lists-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function SavedListsRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.savedLists.title} />
      <SavedListsPage />
    </>
  );
}
