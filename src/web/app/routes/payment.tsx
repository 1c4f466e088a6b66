import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title.tsx';
import { PaymentPage } from '../../features/payments/components/payment-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function PaymentRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <DocumentTitle title={pageRoutes.payment.title} />
      <PaymentPage key={id} orderId={id} />
    </>
  );
}
