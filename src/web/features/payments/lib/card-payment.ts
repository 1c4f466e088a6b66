/** What confirming the card with the provider came to: the payment intent's id, or its message. */
export type CardConfirmation =
  { ok: true; paymentIntentId: string } | { ok: false; message: string };

export interface BillingDetails {
  name: string;
  email: string;
}

/** What the page gives either card form (the built-in test processor's or Stripe's). */
export interface CardFormProps {
  /** The payment secret is being obtained for the first time: Pay waits for it. */
  preparing: boolean;
  billingDetails: BillingDetails;
  /** A payment is in flight: Pay shows a spinner and waits. */
  paying: boolean;
  /** The last attempt's failure (the provider's or the server's message). */
  error: string | undefined;
  /**
   * Pays: `confirmCard` confirms the card with the provider, given the payment secret (the page
   * obtains it, again if the first attempt failed); `clearCard` empties the card fields once the
   * order is paid.
   */
  onPay: (
    confirmCard: (clientSecret: string) => Promise<CardConfirmation>,
    clearCard: () => void,
  ) => void;
}

/** A failed card confirmation: its message is the provider's own, shown as it is. */
export class CardPaymentError extends Error {
  override readonly name = 'CardPaymentError';
}
