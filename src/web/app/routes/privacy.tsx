import { DocumentTitle } from '../../components/document-title.tsx';
import { PrivacyPage } from '../../features/pages/components/privacy-page.tsx';

export default function PrivacyRoute() {
  return (
    <>
      <DocumentTitle title="Privacy Policy" />
      <PrivacyPage />
    </>
  );
}
