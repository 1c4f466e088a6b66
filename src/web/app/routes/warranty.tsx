import { DocumentTitle } from '../../components/document-title.tsx';
import { WarrantyLookupPage } from '../../features/aftersale/components/warranty-lookup-page.tsx';

export default function Route() {
  return (
    <>
      <DocumentTitle title="Warranty" />
      <WarrantyLookupPage />
    </>
  );
}
