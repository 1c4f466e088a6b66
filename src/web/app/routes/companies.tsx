import { DocumentTitle } from '../../components/document-title.tsx';
import { CompaniesPage } from '../../features/trade-admin/components/companies-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function CompaniesRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.companies.title} />
      <CompaniesPage />
    </>
  );
}
