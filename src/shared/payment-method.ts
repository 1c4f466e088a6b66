import { z } from 'zod';

/** How a checkout is paid (issue 37): by card now, or on the company's account (an invoice, ADR 059). */
export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: 'Payment method must be card or account',
});
