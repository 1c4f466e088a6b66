import { DocumentTitle } from '../../components/document-title.tsx';
import { CheckoutPage } from '../../features/basket/components/checkout-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function CheckoutRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.checkout.title} />
      <CheckoutPage />
    </>
  );
}
