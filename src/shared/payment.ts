import { z } from 'zod';
import { singleLineText } from './text.ts';

/** Paying (or asking to pay) an order that is paid already: 409. */
export const ALREADY_PAID_MESSAGE = 'This order is already paid.';

// Card payments (spec sections 2 Payment, 4, 7, 8, 10; ADR 009). The server decides the
// amount and whether an order is paid; the browser only collects the card.

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * POST /api/create-payment-intent. The spec's client sends totalPrice: it is ignored. An order is
 * paid with its whole checkout (issue 22): `purchaseId` names any order of it, `checkoutId` the
 * checkout itself; the amount is the checkout's total of live orders, from the database.
 */
export const CreatePaymentIntentBodySchema = z
  .object({
    purchaseId: singleLineText('Order', { keepSpaces: true }).min(1).max(100).optional(),
    checkoutId: singleLineText('Checkout', { keepSpaces: true }).min(1).max(100).optional(),
  })
  // One object rather than a union, so a refused value is named by its field.
  .refine((body) => (body.purchaseId === undefined) !== (body.checkoutId === undefined), {
    message: 'Name the order (purchaseId) or the checkout (checkoutId) to pay, not both',
    path: ['purchaseId'],
  });

/** One intent per order: repeated or parallel calls answer the same client secret. */
export const PaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** In cents, from the order in the database. */
  amount: z.number().int(),
  currency: z.literal('usd'),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/** PATCH /api/purchase/{id}: marks the order paid only after the provider confirms this intent. */
export const MarkPaidBodySchema = z.object({
  transactionId: singleLineText('Transaction id', { keepSpaces: true }).min(1).max(200),
});

// ---- The built-in test-mode processor: POST /api/test-processor/confirm ----

export const TestCardSchema = z.object({
  number: singleLineText('Card number', { keepSpaces: true }).max(40),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: singleLineText('CVC', { keepSpaces: true }).max(8),
});

export const TestConfirmBodySchema = z.object({
  clientSecret: singleLineText('Client secret', { keepSpaces: true }).min(1).max(200),
  card: TestCardSchema,
  billingDetails: z.object({
    name: singleLineText('Name', { keepSpaces: true }).max(200),
    email: singleLineText('Email', { keepSpaces: true }).max(254),
  }),
});
export type TestConfirmBody = z.infer<typeof TestConfirmBodySchema>;

export const TestConfirmResponseSchema = z.object({
  paymentIntent: z.object({
    id: z.string(),
    status: z.literal('succeeded'),
    amount: z.number().int(),
  }),
});

/** 402 answer, shaped like the card provider's. */
export const CardErrorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

/** The card provider's own test-mode messages (Stripe's documented test cards). */
export const CardErrors = {
  declined: { code: 'card_declined', message: 'Your card was declined.' },
  insufficientFunds: { code: 'card_declined', message: 'Your card has insufficient funds.' },
  invalidNumber: { code: 'invalid_number', message: 'Your card number is invalid.' },
  expired: { code: 'invalid_expiry_year', message: "Your card's expiration year is in the past." },
  invalidExpiryMonth: {
    code: 'invalid_expiry_month',
    message: "Your card's expiration month is invalid.",
  },
  invalidCvc: { code: 'invalid_cvc', message: "Your card's security code is invalid." },
} as const;

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const PAYMENT_COMPLETED_MESSAGE = 'Your payment is completed';
export const transactionIdMessage = (id: string) => `Your transaction Id: ${id}`;

/** The payment provider failed or could not be reached (503/502): the customer may retry. */
export const PAYMENT_UNAVAILABLE_MESSAGE =
  'The payment service is not reachable right now. Please try again in a minute.';
/** No payment provider is active (production without Stripe and without the test opt-in). */
export const PAYMENTS_NOT_SET_UP_MESSAGE =
  'Payments are not set up in this shop yet, so orders cannot be paid online right now.';
/** Said plainly on the payment page while the built-in test processor takes the payments. */
export const TEST_MODE_LABEL = 'Test mode';
/**
 * Said on every page, receipt and order mail while the test processor takes the payments of a shop
 * where production defaults apply (PAYMENT_PROVIDER=test on a public address or in production).
 */
export const TEST_MODE_NOTICE = 'Test mode: no real payments';
