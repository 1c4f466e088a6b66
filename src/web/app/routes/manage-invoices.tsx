import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageInvoicesPage } from '../../features/invoices/components/manage-invoices-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ManageInvoicesRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.manageInvoices.title} />
      <ManageInvoicesPage />
    </>
  );
}
