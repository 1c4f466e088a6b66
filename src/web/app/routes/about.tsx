import { DocumentTitle } from '../../components/document-title.tsx';
import { AboutPage } from '../../features/pages/components/about-page.tsx';

export default function AboutRoute() {
  return (
    <>
      <DocumentTitle
        title="About"
        description="About Toolhouse, a maker of power tools for professionals and makers since 1992."
      />
      <AboutPage />
    </>
  );
}
