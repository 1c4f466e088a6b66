import { DocumentTitle } from '../../components/document-title.tsx';
import { OverviewPage } from '../../features/admin-overview/components/overview-page.tsx';

export default function Route() {
  return (
    <>
      <DocumentTitle title="Overview" />
      <OverviewPage />
    </>
  );
}
