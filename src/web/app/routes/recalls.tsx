import { DocumentTitle } from '../../components/document-title.tsx';
import { RecallsPage } from '../../features/aftersale/components/recalls-page.tsx';

export default function Route() {
  return (
    <>
      <DocumentTitle title="Recalls" />
      <RecallsPage />
    </>
  );
}
