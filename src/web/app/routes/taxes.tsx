import { DocumentTitle } from '../../components/document-title.tsx';
import { TaxesPage } from '../../features/shipping-settings/components/taxes-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function TaxesRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.taxes.title} />
      <TaxesPage />
    </>
  );
}
