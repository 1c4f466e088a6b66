import { z } from 'zod';
import { APPROVAL_STATES } from './approvals.ts';
import { PaymentMethodSchema } from './payment-method.ts';
import { IdSchema } from './ids.ts';
import { singleLineText } from './text.ts';
import { PostalAddressSchema } from './postal-address.ts';
import { DeliveryFieldsSchema } from './pricing.ts';
import { PurchaseBodySchema, PurchaseSchema } from './purchase.ts';

// One checkout places the whole basket (issue 22): one spec order per line, all or nothing, paid
// by one payment for the checkout's total. A single spec purchase (POST /api/purchase) is a
// checkout of one line.

/** The buyer's own purchase-order number, printed on their orders, receipt and export. */
export const PO_REFERENCE_MAX = 35;
export const PO_REFERENCE_LABEL = 'PO reference';
export const CHECKOUT_PLACED_MESSAGE = 'Order placed';
/** The 409 when a line cannot be ordered; `fields` names each failing line by its product id. */
export const CHECKOUT_LINES_FAILED_MESSAGE =
  'Some lines of your basket cannot be ordered as they are. Nothing was ordered.';
/**
 * The 409's message when products of the basket were deleted (issue 39): each named, as its basket
 * line kept it; `fields` still names every failing line by its product id.
 */
export const checkoutGoneMessage = (names: readonly string[]) =>
  `No longer available: ${names.join(', ')}. Remove ${names.length === 1 ? 'it' : 'them'} from your basket. Nothing was ordered.`;

/** POST /api/checkout. The lines come from the caller's basket on the server, never the body. */
export const CheckoutBodySchema = DeliveryFieldsSchema.extend({
  /** Issue 35: the quote the buyer saw (POST /api/checkout/quote); without one, priced now. */
  quoteId: IdSchema.optional(),
  phone: PurchaseBodySchema.shape.phone,
  poReference: singleLineText(PO_REFERENCE_LABEL)
    .max(PO_REFERENCE_MAX, `PO reference must be at most ${PO_REFERENCE_MAX} characters`)
    .optional(),
});
export type CheckoutBody = z.input<typeof CheckoutBodySchema>;

/** 201 of POST /api/checkout. */
export const CheckoutPlacedSchema = z.object({
  checkoutId: IdSchema,
  /** The shop's reference of the checkout, e.g. "C-1042": on orders, mails, receipts, exports. */
  reference: z.string(),
  orders: z.array(PurchaseSchema),
  /** What the checkout costs: its lines, shipping and tax (dollars). */
  totalPrice: z.number(),
  /** Issue 37: card or account, its approval (awaiting: above the buyer's limits) and invoice. */
  paymentMethod: PaymentMethodSchema,
  approval: z.enum(APPROVAL_STATES),
  /** The invoice issued for a checkout on account (its id and number), else null. */
  invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type CheckoutPlaced = z.infer<typeof CheckoutPlacedSchema>;

/** GET /api/checkouts/{id} (its owner or an admin): what the payment page shows and pays. */
export const CheckoutSchema = z.object({
  _id: IdSchema,
  reference: z.string(),
  poReference: z.string().nullable(),
  /** Every order of the checkout, cancelled ones included (their `stat` says so). */
  orders: z.array(PurchaseSchema),
  /** What is still to pay: the total of its live (pending, unpaid) orders, in dollars. */
  totalPrice: z.number(),
  paid: z.boolean(),
  createdAt: z.string(),
  /** Issue 35: where it goes, how, and its shipping and tax as placed (dollars). */
  deliveryAddress: PostalAddressSchema.nullable(),
  shippingMethod: z.string(),
  shippingDeliveryText: z.string(),
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  /** Everything as placed (cancelled orders included; `totalPrice` is what is still due). */
  total: z.number(),
  pricesIncludeTax: z.boolean(),
  taxNote: z.string().nullable(),
  /** Issue 37: as CheckoutPlacedSchema. */
  paymentMethod: PaymentMethodSchema,
  approval: z.enum(APPROVAL_STATES),
  approvalReason: z.string().nullable(),
  invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

export const CheckoutParamsSchema = z.object({
  id: singleLineText('Checkout', { keepSpaces: true }),
});
