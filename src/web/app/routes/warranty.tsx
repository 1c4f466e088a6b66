import { DocumentTitle } from '../../components/document-title.tsx';
import { WarrantyLookupPage } from '../../features/aftersale/components/warranty-lookup-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function Route() {
  return (
    <>
      <DocumentTitle title={pageRoutes.warranty.title} />
      <WarrantyLookupPage />
    </>
  );
}
