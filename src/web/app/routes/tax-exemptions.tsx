import { DocumentTitle } from '../../components/document-title.tsx';
import { TaxExemptionsPage } from '../../features/tax-exemptions/components/tax-exemptions-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function TaxExemptionsRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.taxExemptions.title} />
      <TaxExemptionsPage />
    </>
  );
}
