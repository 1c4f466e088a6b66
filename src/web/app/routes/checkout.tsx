import { DocumentTitle } from '../../components/document-title.tsx';
import { CheckoutPage } from '../../features/basket/components/checkout-page.tsx';

export default function CheckoutRoute() {
  return (
    <>
      <DocumentTitle title="Checkout" />
      <CheckoutPage />
    </>
  );
}
