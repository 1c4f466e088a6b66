import { DocumentTitle } from '../../components/document-title.tsx';
import { AboutPage } from '../../features/pages/components/about-page.tsx';

export default function AboutRoute() {
  return (
    <>
      <DocumentTitle title="About" />
      <AboutPage />
    </>
  );
}
