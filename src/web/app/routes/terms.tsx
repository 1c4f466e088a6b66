import { DocumentTitle } from '../../components/document-title.tsx';
import { TermsPage } from '../../features/pages/components/terms-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function TermsRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.terms.title}
        description="The terms of service of the Toolhouse online shop: orders, payment, delivery and warranty."
      />
      <TermsPage />
    </>
  );
}
