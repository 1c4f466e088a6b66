import { DocumentTitle } from '../../components/document-title.tsx';
import { ShippingPage } from '../../features/shipping-settings/components/shipping-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ShippingRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.shipping.title} />
      <ShippingPage />
    </>
  );
}
