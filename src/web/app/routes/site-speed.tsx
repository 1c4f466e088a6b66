import { DocumentTitle } from '../../components/document-title.tsx';
import { SiteSpeedPage } from '../../features/site-speed/components/site-speed-page.tsx';

export default function Route() {
  return (
    <>
      <DocumentTitle title="Site speed" />
      <SiteSpeedPage />
    </>
  );
}
