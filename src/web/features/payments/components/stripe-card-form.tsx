import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CardConfirmation, CardFormProps } from '../lib/card-payment.ts';
import { CARD_FORM_FAILED_MESSAGE, CARD_GENERIC_MESSAGE } from '../lib/messages.ts';
import { CardErrorMessage, PayButton } from './pay-controls.tsx';

// This module (and Stripe's library with it) is its own chunk, downloaded only when a payment
// page opens with Stripe configured.

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is loaded once per key; a failure to load answers null (the form says so). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      // Not kept: the next visit to the page tries again.
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeCardFields({ preparing, billingDetails, paying, error, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  // Stripe's own live check of what is typed ("Your card number is incomplete.").
  const [liveError, setLiveError] = useState<string | undefined>();
  const labelId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || preparing || paying) return;
    const confirmCard = async (clientSecret: string): Promise<CardConfirmation> => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billingDetails },
      });
      if (result.error) return { ok: false, message: result.error.message ?? CARD_GENERIC_MESSAGE };
      if (result.paymentIntent.status !== 'succeeded') {
        return { ok: false, message: CARD_GENERIC_MESSAGE };
      }
      return { ok: true, paymentIntentId: result.paymentIntent.id };
    };
    onPay(confirmCard, () => card.clear());
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Card payment" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <span id={labelId} className="font-medium">
          Card
        </span>
        <div
          role="group"
          aria-labelledby={labelId}
          className="rounded-field border border-base-300 bg-base-100 px-3 py-3"
        >
          <CardElement
            options={{ style: { base: { fontSize: '16px' } } }}
            onReady={() => setReady(true)}
            onChange={(event) => setLiveError(event.error?.message)}
          />
        </div>
      </div>
      <PayButton disabled={preparing || !ready || !stripe} paying={paying} />
      <CardErrorMessage message={liveError ?? error} />
    </form>
  );
}

interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
}

/** Card entry through Stripe Elements (config.payments.provider 'stripe'). */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const stripe = stripeFor(publishableKey);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => {
      if (current && !loaded) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [stripe]);

  if (failed) return <CardErrorMessage message={CARD_FORM_FAILED_MESSAGE} />;
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
