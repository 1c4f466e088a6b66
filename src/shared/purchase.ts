import { z } from 'zod';
import { PaymentMethodSchema } from './payment-method.ts';
import { IdSchema } from './ids.ts';
import { formatInteger } from './number-format.ts';
import { numberOrNumericText } from './numbers.ts';
import { ORDER_EVENTS, ORDER_STATUSES } from './order-status.ts';
import { PROMOTION_KINDS, PromotionCodesSchema } from './promotions.ts';
import {
  OptionalTrackingFields,
  OrderShipmentSchema,
  SHIPMENT_ORDERS_MAX,
  SHIPMENT_ORDERS_MESSAGE,
  trackingPairProblem,
} from './shipment.ts';
import { singleLineText } from './text.ts';
import { SkuSchema } from './variant.ts';

export const PURCHASE_STAT = { pending: 'pending', shipped: 'shipped' } as const;
export const RECEIPT_ONLY_WHEN_PAID_MESSAGE = 'A receipt exists once the order is paid.';
export const ADDRESS_MAX = 300;
export const PHONE_MAX = 30;
export const ORDER_QUANTITY_MAX = 1_000_000;

export const BELOW_MINIMUM_MESSAGE = 'Ordered Quantity is less than minimum quantity';
export const ABOVE_STOCK_MESSAGE = 'Ordered Quantity is more than available quantity in stock';
/** Issue 34: a SKU sent with a product it does not belong to. */
export const WRONG_PRODUCT_SKU_MESSAGE = 'This SKU is not a variant of this product';
/** Issue 34: a kit one of whose parts was deleted cannot be sold until staff mend it. */
export const KIT_PART_GONE_MESSAGE = 'A part of this kit is no longer available';
/** The largest quantity any order may have, whatever the stock: its own message, not the stock's. */
export const ABOVE_MAXIMUM_MESSAGE = `Order Quantity can be at most ${formatInteger(ORDER_QUANTITY_MAX)}`;
export const ORDER_QUANTITY_REQUIRED_MESSAGE = 'Order Quantity is required';
export const PURCHASE_CONFIRMED_MESSAGE = 'Purchase confirmed';
/** Toast after Ship (the spec does not say; ours tells the admin it worked). */
export const ORDER_SHIPPED_MESSAGE = 'Order shipped';

/** The spec's quantity rule, for the live form check and the server alike. */
export function orderQuantityProblem(
  quantity: number,
  product: { minQuantity: number; availableQuantity: number },
): string | undefined {
  if (quantity < product.minQuantity) return BELOW_MINIMUM_MESSAGE;
  if (quantity > product.availableQuantity) return ABOVE_STOCK_MESSAGE;
  return undefined;
}

/**
 * POST /api/purchase. The client says only what, how many, and where to. Price, total, name,
 * e-mail, status and paid come from the server; any such field in the body is ignored.
 */
export const PurchaseBodySchema = z.object({
  productId: singleLineText('Product', { required: 'Product is required', keepSpaces: true }),
  /** Issue 34: the variant (its SKU, which must be the product's); left out: the default one. */
  sku: SkuSchema.optional(),
  orderQuantity: numberOrNumericText(ORDER_QUANTITY_REQUIRED_MESSAGE).pipe(
    z
      .number()
      .int('Order Quantity must be a whole number')
      .positive(BELOW_MINIMUM_MESSAGE)
      .max(ORDER_QUANTITY_MAX, ABOVE_MAXIMUM_MESSAGE),
  ),
  address: singleLineText('Address')
    .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`)
    .default(''),
  phone: singleLineText('Phone')
    .max(PHONE_MAX, `Phone must be at most ${PHONE_MAX} characters`)
    .default(''),
  /**
   * Issue 35: the rest of a structured address (Address is its first line). Left out, the
   * address is one line, priced in the shop's origin country; with Country, it is checked per
   * country (City, and Region and Postal code where the country needs them).
   */
  country: singleLineText('Country').max(2, 'Country must be a two-letter code').optional(),
  region: singleLineText('Region').max(100, 'Region must be at most 100 characters').optional(),
  city: singleLineText('City').max(100, 'City must be at most 100 characters').optional(),
  postalCode: singleLineText('Postal code')
    .max(100, 'Postal code must be at most 100 characters')
    .optional(),
  /** The shipping method (else the cheapest), and the quote the buyer saw (POST /api/checkout/quote). */
  shippingMethod: IdSchema.optional(),
  quoteId: IdSchema.optional(),
  /** Issue 36: promotion codes typed on the purchase form. */
  codes: PromotionCodesSchema.optional(),
  /** Issue 37: card (the default), or on the buyer's company account. */
  paymentMethod: PaymentMethodSchema.optional(),
});
export type PurchaseBody = z.input<typeof PurchaseBodySchema>;

/** An order as the API shows it (spec section 3); money in dollars. */
export const PurchaseSchema = z.object({
  _id: IdSchema,
  /** The product's id, or null once the product was deleted (the name stays). */
  productId: IdSchema.nullable(),
  product: z.string(),
  /** Issue 34: the variant's SKU and label as sold ('' for orders from before variants). */
  sku: z.string(),
  variantLabel: z.string(),
  price: z.number(),
  customerEmail: z.string(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string(),
  orderQuantity: z.number().int(),
  totalPrice: z.number(),
  stat: z.enum(ORDER_STATUSES),
  /** Issue 35: the parcel it went out in (carrier, tracking number and link); null before. */
  shipment: OrderShipmentSchema.nullable(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  /** An unpaid pending order holds its stock until then (ISO time); null otherwise. */
  reservedUntil: z.string().nullable(),
  /** Paid, or being paid, through the built-in test-mode processor: no real money moved. */
  testMode: z.boolean(),
  /** The receipt's number once paid (unique, gapless); null before. */
  receiptNumber: z.number().int().nullable(),
  /** The checkout the order was placed in (issue 22; a single purchase is a checkout of one). */
  checkoutId: IdSchema,
  /** The checkout's reference, e.g. "C-1042". */
  checkoutReference: z.string(),
  /** The buyer's purchase-order number given at checkout, or null. */
  poReference: z.string().nullable(),
  /**
   * Issue 35: the line's tax, its share of the checkout's shipping and of that shipping's tax,
   * and what it costs the buyer in all (totalPrice + tax + shipping + shippingTax), in dollars.
   */
  tax: z.number(),
  taxRate: z.number(),
  shipping: z.number(),
  shippingTax: z.number(),
  amount: z.number(),
  /**
   * Issue 36: the line's share of its checkout's promotions' discounts (`amount` is after it;
   * `totalPrice` before it), and the promotions the checkout was placed with, each with its
   * saving on the whole checkout, in dollars.
   */
  discount: z.number(),
  promotions: z.array(
    z.object({
      name: z.string(),
      /** The code typed for it, or null (automatic). */
      code: z.string().nullable(),
      kind: z.enum(PROMOTION_KINDS),
      discount: z.number(),
      shippingDiscount: z.number(),
    }),
  ),
  /**
   * Issue 37: paid on the buyer's company account (its invoice, once issued: number "INV-…"),
   * and the company (null for a buyer on their own).
   */
  onAccount: z.boolean(),
  invoiceNumber: z.string().nullable(),
  companyId: z.string().nullable(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;
export type OrderPromotion = Purchase['promotions'][number];

/** One entry of an order's history, oldest first. */
export const TimelineEntrySchema = z.object({
  at: z.string(),
  event: z.enum(ORDER_EVENTS),
  /** customer, admin or system (the hold-expiry sweep, the payment provider). */
  actor: z.string(),
});

/** GET /api/purchase/{id}: the order with its timeline. */
export const PurchaseDetailSchema = PurchaseSchema.extend({
  timeline: z.array(TimelineEntrySchema),
});
export type PurchaseDetail = z.infer<typeof PurchaseDetailSchema>;
export const PurchaseListSchema = z.array(PurchaseSchema);

export const PurchaseParamsSchema = z.object({ id: singleLineText('Id', { keepSpaces: true }) });
export const PurchaseQuerySchema = z.object({
  customerEmail: singleLineText('Email', { keepSpaces: true }).min(1).max(254),
});

/**
 * PUT /api/purchase/{id}: the spec's client sends { stat: 'shipped' }; shipping is the only
 * change. Issue 35: with the parcel's carrier and tracking number (both or neither; without them
 * the order ships in a parcel without tracking, as the spec's Ship always did).
 */
export const ShipBodySchema = z
  .object({ stat: z.literal('shipped').optional(), ...OptionalTrackingFields })
  .superRefine(trackingPairProblem)
  .optional();
export type ShipBody = z.input<typeof ShipBodySchema>;

/** POST /api/shipments: paid, pending orders of one checkout shipped in one parcel. */
export const ShipOrdersBodySchema = z
  .object({
    orderIds: z
      .array(IdSchema, { error: SHIPMENT_ORDERS_MESSAGE })
      .min(1, SHIPMENT_ORDERS_MESSAGE)
      .max(SHIPMENT_ORDERS_MAX, `A parcel holds at most ${SHIPMENT_ORDERS_MAX} orders`),
    ...OptionalTrackingFields,
  })
  .superRefine(trackingPairProblem);
export type ShipOrdersBody = z.input<typeof ShipOrdersBodySchema>;

/** The answer to POST /api/shipments: the parcel and its orders as shipped. */
export const ShipmentResultSchema = z.object({
  shipment: OrderShipmentSchema.extend({ checkoutId: IdSchema }),
  orders: z.array(PurchaseSchema),
});
export type ShipmentResult = z.infer<typeof ShipmentResultSchema>;

/** DELETE /api/purchase/{id}: truthy deletedCount is success (the order is cancelled, not erased). */
export const DeletedCountSchema = z.object({ deletedCount: z.number().int() });
