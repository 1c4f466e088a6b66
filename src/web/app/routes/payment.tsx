import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title.tsx';
import { PaymentPage } from '../../features/payments/components/payment-page.tsx';

export default function PaymentRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <DocumentTitle title="Payment" />
      <PaymentPage key={id} orderId={id} />
    </>
  );
}
