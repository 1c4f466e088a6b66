import { DocumentTitle } from '../../components/document-title.tsx';
import { ReturnsPage } from '../../features/aftersale/components/returns-page.tsx';

export default function Route() {
  return (
    <>
      <DocumentTitle title="Returns" />
      <ReturnsPage />
    </>
  );
}
