import { DocumentTitle } from '../../components/document-title.tsx';
import { TermsPage } from '../../features/pages/components/terms-page.tsx';

export default function TermsRoute() {
  return (
    <>
      <DocumentTitle
        title="Terms of Service"
        description="The terms of service of the Toolhouse online shop: orders, payment, delivery and warranty."
      />
      <TermsPage />
    </>
  );
}
