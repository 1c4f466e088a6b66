import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { confirmTestPayment } from '../api/confirm-test-payment.ts';
import { completeCard, formatCardNumber, formatCvc, formatExpiry } from '../lib/card-format.ts';
import type { CardFormProps } from '../lib/card-payment.ts';
import { TEST_MODE_NOTE } from '../lib/messages.ts';
import { CardErrorMessage, PayButton } from './pay-controls.tsx';

/**
 * Card entry for the built-in test-mode processor (config.payments.provider 'test'). The card
 * lives in this component's state only: never logged nor stored, and emptied once paid.
 */
export default function TestCardForm({
  preparing,
  billingDetails,
  paying,
  error,
  onPay,
}: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const card = completeCard(number, expiry, cvc);

  const clearCard = () => {
    setNumber('');
    setExpiry('');
    setCvc('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (preparing || !card || paying) return;
    onPay((clientSecret) => confirmTestPayment({ clientSecret, card, billingDetails }), clearCard);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Card payment" className="flex flex-col gap-4">
      <TextField
        label="Card Number"
        type="text"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(event) => setNumber(formatCardNumber(event.target.value))}
        className="font-mono"
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry"
          type="text"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={expiry}
          onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          className="font-mono"
        />
        <TextField
          label="CVC"
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          onChange={(event) => setCvc(formatCvc(event.target.value))}
          className="font-mono"
        />
      </div>
      <p className="text-sm text-stone-600">{TEST_MODE_NOTE}</p>
      <PayButton disabled={preparing || !card} paying={paying} />
      <CardErrorMessage message={error} />
    </form>
  );
}
