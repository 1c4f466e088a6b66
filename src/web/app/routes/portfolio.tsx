import { DocumentTitle } from '../../components/document-title.tsx';
import { PortfolioPage } from '../../features/pages/components/portfolio-page.tsx';

export default function PortfolioRoute() {
  return (
    <>
      <DocumentTitle
        title="Portfolio"
        description="Who built the Toolhouse shop, with which technologies, and where to find the project."
      />
      <PortfolioPage />
    </>
  );
}
