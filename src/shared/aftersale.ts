import { z } from 'zod';
import { SkuSchema } from './variant.ts';
import { IdSchema } from './ids.ts';
import { numberOrNumericText } from './numbers.ts';
import type { Permission } from './permissions.ts';
import { multiLineText, singleLineText } from './text.ts';

/*
 * After the sale (issue 25): refunds, returns, warranty registration and safety recalls. The
 * contract of the server and the screens. Money in dollars, as the product's price.
 */

/** What refunding needs (POST /api/purchase/{id}/refunds and /api/returns/{id}/refund). */
export const REFUND_PERMISSION = 'admin.other' satisfies Permission;

export const REFUND_REASON_MAX = 200;
export const RETURN_NOTE_MAX = 1000;
export const RECALL_TEXT_MAX = 2000;
export const RECALL_TITLE_MAX = 120;
/** A customer may ask to return units of a shipped order for this many days after it shipped. */
export const RETURN_WINDOW_DAYS = 30;

export const RETURN_REASONS = [
  'Defective or damaged',
  'Wrong item',
  'Not as described',
  'No longer needed',
  'Other',
] as const;

export const RETURN_STATUS_LABELS = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
} as const;
export type ReturnStatus = keyof typeof RETURN_STATUS_LABELS;

/** A serial number: letters, digits and dashes, 6 to 32, stored upper case. */
export const SERIAL_PATTERN = /^[A-Z0-9][A-Z0-9-]{4,30}[A-Z0-9]$/;
export const SERIAL_FORMAT_MESSAGE =
  'Serial number must be 6 to 32 letters, digits or dashes (no dash at either end)';

export const REFUND_AMOUNT_MESSAGE = 'Amount must be a positive amount in dollars and cents';
export const refundTooLargeMessage = (remaining: string) =>
  `The refund can be at most $${remaining} (paid minus already refunded).`;
export const ONLY_PAID_REFUNDABLE_MESSAGE = 'Only paid orders can be refunded.';
export const REFUND_DONE_MESSAGE = 'Refund done';
export const RETURN_ONLY_SHIPPED_MESSAGE = 'Only shipped orders can be returned.';
export const RETURN_WINDOW_PASSED_MESSAGE = `Returns are possible for ${RETURN_WINDOW_DAYS} days after the order shipped.`;
export const returnQuantityMessage = (left: number) =>
  left > 0
    ? `Quantity can be at most ${left} (ordered minus already being returned).`
    : 'Every unit of this order is already being returned.';
export const RETURN_REQUESTED_MESSAGE = 'Return requested';
export const WARRANTY_ONLY_SHIPPED_MESSAGE =
  'Serial numbers can be registered once the order has shipped.';
export const SERIAL_TAKEN_MESSAGE = 'This serial number is already registered.';
export const ALL_SERIALS_REGISTERED_MESSAGE =
  'Every unit of this order already has a serial number.';
export const SERIAL_REGISTERED_MESSAGE = 'Serial number registered';
export const SERIAL_NOT_FOUND_MESSAGE = 'No unit with this serial number is registered.';
export const RECALL_CREATED_MESSAGE = 'Recall created';
export const RECALL_DATES_MESSAGE = 'Paid until must be on or after paid from';
export const RECALL_NOT_FOUND_MESSAGE = 'Recall not found';
/** 409 of POST /api/recalls/{id}/lift on a recall that withdrew nothing, or was lifted already. */
export const RECALL_NOTHING_TO_LIFT_MESSAGE =
  'This recall does not keep the product off sale (it withdrew nothing, or was lifted already).';
export const RECALL_LIFTED_MESSAGE = 'The product is back on sale';

const dollars = (message: string) =>
  numberOrNumericText(message).pipe(
    z
      .number({ error: message })
      .positive(message)
      .max(10_000_000, message)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, message),
  );

/** Issue 35: the refund's parts (docs/decisions/054). */
export const REFUND_SHIPPING_LABEL = 'Refund shipping';
export const REFUND_WHAT_MESSAGE = 'Give an amount or a quantity to refund';
export const REFUND_AMOUNT_OR_QUANTITY_MESSAGE = 'Give an amount or a quantity, not both';
export const REFUND_QUANTITY_MESSAGE = 'Quantity must be a whole number of at least 1';
export const NOTHING_LEFT_TO_REFUND_MESSAGE = 'Nothing is left to refund on this order.';
export const refundQuantityMessage = (left: number) =>
  left > 0
    ? `Quantity can be at most ${left} (ordered minus already refunded).`
    : 'Every unit of this order is already refunded.';

/**
 * POST /api/purchase/{id}/refunds (admins). Either `amount` (dollars of the goods; its tax in
 * proportion) or `quantity` (units: their net and tax as charged), and with `refundShipping` the
 * order's shipping share and its tax (issue 35; off by default). `refundShipping` alone refunds
 * the shipping only.
 */
export const RefundBodySchema = z
  .object({
    amount: dollars(REFUND_AMOUNT_MESSAGE).optional(),
    quantity: numberOrNumericText(REFUND_QUANTITY_MESSAGE)
      .pipe(z.number().int(REFUND_QUANTITY_MESSAGE).positive(REFUND_QUANTITY_MESSAGE))
      .optional(),
    refundShipping: z.boolean().default(false),
    reason: singleLineText('Reason', { required: 'Reason is required' }).max(
      REFUND_REASON_MAX,
      `Reason must be at most ${REFUND_REASON_MAX} characters`,
    ),
  })
  .superRefine((body, ctx) => {
    if (body.amount !== undefined && body.quantity !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: REFUND_AMOUNT_OR_QUANTITY_MESSAGE,
      });
    else if (body.amount === undefined && body.quantity === undefined && !body.refundShipping)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: REFUND_WHAT_MESSAGE });
  });
export type RefundBody = z.input<typeof RefundBodySchema>;

/** POST /api/returns/{id}/refund (admins): optionally with the order's shipping (issue 35). */
export const RefundReturnBodySchema = z
  .object({ refundShipping: z.boolean().default(false) })
  .nullish();

export const RefundSchema = z.object({
  _id: IdSchema,
  number: z.number().int(),
  purchaseId: IdSchema,
  amount: z.number(),
  reason: z.string(),
  createdAt: z.string(),
  /** Issue 35: the units it paid back (0: an amount) and its parts, in dollars (sum: amount). */
  quantity: z.number().int(),
  net: z.number(),
  tax: z.number(),
  shipping: z.number(),
  shippingTax: z.number(),
  /**
   * Issue 36: the promotions' discount the units refunded had (their share of the line's). Not
   * part of `amount`: `net` is the goods after it, as they were paid.
   */
  discount: z.number(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** POST /api/purchase/{id}/returns (the order's customer). */
export const ReturnBodySchema = z.object({
  quantity: numberOrNumericText('Quantity is required').pipe(
    z.number().int('Quantity must be a whole number').positive('Quantity must be at least 1'),
  ),
  reason: z.enum(RETURN_REASONS, { error: 'Choose a reason' }),
  note: multiLineText('Note')
    .max(RETURN_NOTE_MAX, `Note must be at most ${RETURN_NOTE_MAX} characters`)
    .default(''),
});
export type ReturnBody = z.input<typeof ReturnBodySchema>;

export const ReturnSchema = z.object({
  _id: IdSchema,
  purchaseId: IdSchema,
  /** The product's name with the variant's label as sold, "Drill (18V · Kit)" (issue 34). */
  product: z.string(),
  /** The SKU as sold ('' for orders from before variants). */
  sku: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  quantity: z.number().int(),
  /**
   * What its refund gives back (issue 35): the returned units' net and tax as charged (refunded:
   * what its refund gave; before: what refunding them would give now), without shipping.
   */
  value: z.number(),
  reason: z.string(),
  note: z.string(),
  status: z.enum(['requested', 'approved', 'rejected', 'received', 'refunded']),
  rejectReason: z.string().nullable(),
  restocked: z.boolean().nullable(),
  createdAt: z.string(),
});
export type OrderReturn = z.infer<typeof ReturnSchema>;
export const ReturnListSchema = z.array(ReturnSchema);
export const ReturnParamsSchema = z.object({ id: singleLineText('Id', { keepSpaces: true }) });
export const RejectReturnBodySchema = z.object({
  reason: singleLineText('Reason', { required: 'Reason is required' }).max(
    REFUND_REASON_MAX,
    `Reason must be at most ${REFUND_REASON_MAX} characters`,
  ),
});
export const ReceiveReturnBodySchema = z.object({ restock: z.boolean() });

/** POST /api/purchase/{id}/serials (the order's customer): one serial per unit. */
export const SerialBodySchema = z.object({
  serial: singleLineText('Serial number', { required: 'Serial number is required' })
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(SERIAL_PATTERN, SERIAL_FORMAT_MESSAGE)),
});
export type SerialBody = z.input<typeof SerialBodySchema>;

export const WarrantySchema = z.object({
  serial: z.string(),
  purchaseId: IdSchema,
  /** The product's name with the variant's label as sold, and its SKU (issue 34). */
  product: z.string(),
  sku: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** The order's paid date and that plus WARRANTY_YEARS (ISO times, from the server). */
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Warranty = z.infer<typeof WarrantySchema>;
export const SerialParamsSchema = z.object({
  serial: singleLineText('Serial number', { keepSpaces: true }).max(64),
});

/** POST /api/recalls (admins). Dates are days (YYYY-MM-DD, UTC), both included. */
const day = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });
const optionalSerial = (label: string) =>
  singleLineText(label)
    .transform((value) => value.toUpperCase())
    .pipe(z.union([z.literal(''), z.string().regex(SERIAL_PATTERN, SERIAL_FORMAT_MESSAGE)]))
    .default('');
export const RecallBodySchema = z
  .object({
    productId: singleLineText('Product', { required: 'Product is required', keepSpaces: true }),
    /**
     * Issue 34: one variant of the product, by SKU: only it is withdrawn and only its buyers are
     * told. Empty or left out: the whole product (all its variants).
     */
    sku: z.union([z.literal('').transform(() => undefined), SkuSchema]).optional(),
    paidFrom: day('Paid from'),
    paidTo: day('Paid until'),
    serialFrom: optionalSerial('Serial from'),
    serialTo: optionalSerial('Serial to'),
    title: singleLineText('Title', { required: 'Title is required' }).max(RECALL_TITLE_MAX),
    hazard: multiLineText('Hazard', { required: 'Hazard is required' }).max(RECALL_TEXT_MAX),
    remedy: multiLineText('What to do', { required: 'What to do is required' }).max(
      RECALL_TEXT_MAX,
    ),
    withdraw: z.boolean().default(false),
  })
  .refine((body) => body.paidTo >= body.paidFrom, {
    message: RECALL_DATES_MESSAGE,
    path: ['paidTo'],
  });
export type RecallBody = z.input<typeof RecallBodySchema>;

export const RecallSchema = z.object({
  _id: IdSchema,
  productId: IdSchema.nullable(),
  /** The product's name and, for a recall of one variant, its label. */
  product: z.string(),
  /** Issue 34: the SKU recalled; null for the whole product. */
  sku: z.string().nullable(),
  paidFrom: z.string(),
  paidTo: z.string(),
  serialFrom: z.string().nullable(),
  serialTo: z.string().nullable(),
  title: z.string(),
  hazard: z.string(),
  remedy: z.string(),
  withdrawn: z.boolean(),
  /**
   * Issue 39: when an admin lifted the withdrawal (`POST /api/recalls/{id}/lift`), else null. A
   * withdrawn product stays off sale while any recall of it withdrew it and is not lifted.
   */
  liftedAt: z.string().nullable(),
  createdAt: z.string(),
  notified: z.number().int(),
  acknowledged: z.number().int(),
});
export type Recall = z.infer<typeof RecallSchema>;
export const RecallListSchema = z.array(RecallSchema);
export const RecallParamsSchema = ReturnParamsSchema;

/** GET /api/aftersale/mine: what My Orders shows after the sale, per order id. */
export const OrderAftersaleSchema = z.object({
  refunded: z.number(),
  refunds: z.array(RefundSchema),
  returns: z.array(ReturnSchema),
  /** Units that may still be asked back (ordered minus being returned); 0 when none may. */
  returnable: z.number().int(),
  serials: z.array(z.object({ serial: z.string(), endsAt: z.string() })),
  /** Units without a serial yet (shipped orders). */
  unregistered: z.number().int(),
  recalls: z.array(
    z.object({
      _id: IdSchema,
      title: z.string(),
      hazard: z.string(),
      remedy: z.string(),
      acknowledged: z.boolean(),
    }),
  ),
});
export type OrderAftersale = z.infer<typeof OrderAftersaleSchema>;
export const MyAftersaleSchema = z.record(z.string(), OrderAftersaleSchema);
export type MyAftersale = z.infer<typeof MyAftersaleSchema>;

/** The after-sale API paths (kept out of api-paths.ts, which the home page's first script carries). */
export const aftersalePaths = {
  refunds: (orderId: string) => `/api/purchase/${encodeURIComponent(orderId)}/refunds`,
  creditNote: (refundId: string) => `/api/refunds/${encodeURIComponent(refundId)}/credit-note`,
  returnsOf: (orderId: string) => `/api/purchase/${encodeURIComponent(orderId)}/returns`,
  serials: (orderId: string) => `/api/purchase/${encodeURIComponent(orderId)}/serials`,
  mine: '/api/aftersale/mine',
  returns: '/api/returns',
  returnAction: (id: string, action: 'approve' | 'reject' | 'receive' | 'refund') =>
    `/api/returns/${encodeURIComponent(id)}/${action}`,
  warranty: (serial: string) => `/api/warranty/${encodeURIComponent(serial)}`,
  recalls: '/api/recalls',
  acknowledgeRecall: (id: string) => `/api/recalls/${encodeURIComponent(id)}/acknowledge`,
  liftRecall: (id: string) => `/api/recalls/${encodeURIComponent(id)}/lift`,
} as const;
