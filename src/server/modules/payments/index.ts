// The face of modules/payments: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { type PaymentProvider, type ProviderRefundOutcome } from './payment-provider.ts';
export { type PaymentsConfig, paymentsConfigOf, type StripeSettings } from './payments.config.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { createPayments, type Payments } from './provider-of-config.ts';
// The Stripe client (SDK over fetch, STRIPE_API_URL, a timeout per attempt): also Stripe Tax's.
export { createStripeClient, type StripeClientOptions } from './stripe-provider.ts';
