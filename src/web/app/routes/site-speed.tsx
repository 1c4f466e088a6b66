import { DocumentTitle } from '../../components/document-title.tsx';
import { SiteSpeedPage } from '../../features/site-speed/components/site-speed-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function Route() {
  return (
    <>
      <DocumentTitle title={pageRoutes.siteSpeed.title} />
      <SiteSpeedPage />
    </>
  );
}
