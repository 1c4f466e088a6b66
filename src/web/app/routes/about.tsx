import { DocumentTitle } from '../../components/document-title.tsx';
import { AboutPage } from '../../features/pages/components/about-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function AboutRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.about.title}
        description="About Toolhouse, a maker of power tools for professionals and makers since 1992."
      />
      <AboutPage />
    </>
  );
}
