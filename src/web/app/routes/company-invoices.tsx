import { DocumentTitle } from '../../components/document-title.tsx';
import { CompanyInvoicesPage } from '../../features/invoices/components/company-invoices-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function CompanyInvoicesRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.companyInvoices.title} />
      <CompanyInvoicesPage />
    </>
  );
}
