import { DocumentTitle } from '../../components/document-title.tsx';
import { CompanyPage } from '../../features/companies/components/company-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function CompanyRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.company.title} />
      <CompanyPage />
    </>
  );
}
