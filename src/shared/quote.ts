import { z } from 'zod';
import { SkuSchema } from './variant.ts';
import { IdSchema } from './ids.ts';
import { numberOrNumericText } from './numbers.ts';
import { CheckoutBodySchema } from './checkout.ts';
import { ABOVE_MAXIMUM_MESSAGE, ORDER_QUANTITY_MAX } from './purchase.ts';
import { multiLineText, singleLineText } from './text.ts';

/*
 * Requests for a quote (issue 23):
 *
 *   (request) ► requested ──answer──► quoted ──accept──► accepted   (an order at the quoted price)
 *                 │ withdraw ► withdrawn │ expire (expiresAt passed) ► expired
 *                 └ decline ─► declined  └ decline ──────────────────► declined
 */
export const QUOTE_STATUSES = [
  'requested',
  'quoted',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_EVENTS = [
  'requested',
  'quoted',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const;
export type QuoteEvent = (typeof QUOTE_EVENTS)[number];

export const QUOTE_VALID_DAYS_MAX = 30;
export const QUOTE_MESSAGE_MAX = 1000;
export const QUOTE_REPLY_MAX = 500;

export const QUOTE_REQUESTED_MESSAGE = 'Your request for a quote was sent';
export const QUOTE_NOT_FOUND_MESSAGE = 'Quote not found';
export const QUOTE_QUANTITY_REQUIRED_MESSAGE = 'Quantity is required';
export const QUOTE_BELOW_MINIMUM_MESSAGE = 'Quantity is less than the minimum order quantity';
export const QUOTE_PRICE_REQUIRED_MESSAGE = 'Unit price is required';
export const QUOTE_DAYS_MESSAGE = `Valid for must be between 1 and ${QUOTE_VALID_DAYS_MAX} days`;
export const QUOTE_REASON_REQUIRED_MESSAGE = 'Reason is required';
export const quoteStateMessage = (status: QuoteStatus) => `This quote is ${status}`;
export const QUOTE_EXPIRED_MESSAGE = 'This quote has expired';

/** The shop's reference of a quote. */
export const quoteReference = (number: number) => `Q-${number}`;

const dollars = (required: string, label: string) =>
  numberOrNumericText(required).pipe(
    z
      .number()
      .positive(`${label} must be more than 0`)
      .max(1_000_000, `${label} must be at most 1000000`)
      .refine(
        (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        `${label} can have at most 2 decimals`,
      ),
  );

/** POST /api/quotes: what, how many, an optional target unit price and a message. */
export const QuoteRequestBodySchema = z.object({
  productId: singleLineText('Product', { required: 'Product is required', keepSpaces: true }),
  /** Issue 34: the variant (its SKU, which must be the product's); left out: the default one. */
  sku: SkuSchema.optional(),
  quantity: numberOrNumericText(QUOTE_QUANTITY_REQUIRED_MESSAGE).pipe(
    z
      .number()
      .int('Quantity must be a whole number')
      .positive(QUOTE_BELOW_MINIMUM_MESSAGE)
      .max(ORDER_QUANTITY_MAX, ABOVE_MAXIMUM_MESSAGE),
  ),
  targetPrice: z
    .union([z.literal('').transform(() => undefined), dollars('Target price', 'Target price')])
    .optional(),
  message: multiLineText('Message')
    .max(QUOTE_MESSAGE_MAX, `Message must be at most ${QUOTE_MESSAGE_MAX} characters`)
    .default(''),
});
export type QuoteRequestBody = z.input<typeof QuoteRequestBodySchema>;

/** POST /api/quotes/{id}/answer (admin): the unit price and how many days it holds. */
export const QuoteAnswerBodySchema = z.object({
  price: dollars(QUOTE_PRICE_REQUIRED_MESSAGE, 'Unit price'),
  validDays: numberOrNumericText(QUOTE_DAYS_MESSAGE).pipe(
    z
      .number()
      .int(QUOTE_DAYS_MESSAGE)
      .min(1, QUOTE_DAYS_MESSAGE)
      .max(QUOTE_VALID_DAYS_MAX, QUOTE_DAYS_MESSAGE),
  ),
  note: multiLineText('Note')
    .max(QUOTE_REPLY_MAX, `Note must be at most ${QUOTE_REPLY_MAX} characters`)
    .default(''),
});
export type QuoteAnswerBody = z.input<typeof QuoteAnswerBodySchema>;

/** POST /api/quotes/{id}/decline (admin): the reason; the customer may decline without one. */
export const QuoteDeclineBodySchema = z.object({
  reason: singleLineText('Reason')
    .max(QUOTE_REPLY_MAX, `Reason must be at most ${QUOTE_REPLY_MAX} characters`)
    .default(''),
});
export type QuoteDeclineBody = z.input<typeof QuoteDeclineBodySchema>;

/** POST /api/quotes/{id}/accept: where the order goes (as a checkout); price and quantity are the quote's. */
export const QuoteAcceptBodySchema = CheckoutBodySchema;
export type QuoteAcceptBody = z.input<typeof QuoteAcceptBodySchema>;

export const QuoteSchema = z.object({
  _id: IdSchema,
  reference: z.string(),
  productId: IdSchema.nullable(),
  /** The product's name and, when it has several variants, the variant's label. */
  product: z.string(),
  /** Issue 34: the SKU of the variant quoted (accepting it places that variant). */
  sku: z.string(),
  customerEmail: z.string(),
  quantity: z.number().int(),
  targetPrice: z.number().nullable(),
  message: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** The quoted unit price in dollars, once answered. */
  price: z.number().nullable(),
  expiresAt: z.string().nullable(),
  reply: z.string(),
  /** The checkout its acceptance placed (pay it on the payment page). */
  checkoutId: IdSchema.nullable(),
  createdAt: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;
export const QuoteListSchema = z.array(QuoteSchema);

export const QuoteParamsSchema = z.object({ id: singleLineText('Quote', { keepSpaces: true }) });

/** What each side may do in a state (the server's guards are the truth; this is the screens' view). */
export function quoteActions(quote: Pick<Quote, 'status' | 'expiresAt'>, now = Date.now()) {
  const live = quote.expiresAt !== null && Date.parse(quote.expiresAt) > now;
  return {
    canAnswer: quote.status === 'requested',
    canDecline: quote.status === 'requested' || quote.status === 'quoted',
    canWithdraw: quote.status === 'requested',
    canAccept: quote.status === 'quoted' && live,
  };
}

/** 201 of POST /api/quotes/{id}/accept: the quote, accepted, and the checkout to pay. */
export const QuoteAcceptedSchema = z.object({
  quote: QuoteSchema,
  checkoutId: IdSchema,
  /** The order placed (its payment page: /dashboard/payment/{orderId}). */
  orderId: IdSchema,
});
export type QuoteAccepted = z.infer<typeof QuoteAcceptedSchema>;

/** The quote routes' paths, for the web client. */
export const quotePaths = {
  quotes: '/api/quotes',
  quote: (id: string) => `/api/quotes/${encodeURIComponent(id)}`,
  action: (id: string, action: 'answer' | 'decline' | 'withdraw' | 'accept') =>
    `/api/quotes/${encodeURIComponent(id)}/${action}`,
};
