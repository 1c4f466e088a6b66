import { DocumentTitle } from '../../components/document-title.tsx';
import { WebhooksPage } from '../../features/webhooks/components/webhooks-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function WebhooksRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.webhooks.title} />
      <WebhooksPage />
    </>
  );
}
