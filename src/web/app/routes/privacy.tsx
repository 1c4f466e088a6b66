import { DocumentTitle } from '../../components/document-title.tsx';
import { PrivacyPage } from '../../features/pages/components/privacy-page.tsx';

export default function PrivacyRoute() {
  return (
    <>
      <DocumentTitle
        title="Privacy Policy"
        description="How the Toolhouse online shop handles your personal data: what we keep, why, and your rights."
      />
      <PrivacyPage />
    </>
  );
}
