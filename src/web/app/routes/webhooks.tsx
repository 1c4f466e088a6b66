import { DocumentTitle } from '../../components/document-title.tsx';
import { WebhooksPage } from '../../features/webhooks/components/webhooks-page.tsx';

export default function WebhooksRoute() {
  return (
    <>
      <DocumentTitle title="Webhooks" />
      <WebhooksPage />
    </>
  );
}
