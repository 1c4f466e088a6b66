import { DocumentTitle } from '../../components/document-title.tsx';
import { PrivacyPage } from '../../features/pages/components/privacy-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function PrivacyRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.privacy.title}
        description="How the Toolhouse online shop handles your personal data: what we keep, why, and your rights."
      />
      <PrivacyPage />
    </>
  );
}
