import { DocumentTitle } from '../../components/document-title.tsx';
import { PortfolioPage } from '../../features/pages/components/portfolio-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function PortfolioRoute() {
  return (
    <>
      <DocumentTitle
        title={pageRoutes.portfolio.title}
        description="Who built the Toolhouse shop, with which technologies, and where to find the project."
      />
      <PortfolioPage />
    </>
  );
}
