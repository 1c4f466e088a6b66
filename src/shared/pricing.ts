import { z } from 'zod';
import { PaymentMethodSchema } from './payment-method.ts';
import { IdSchema } from './ids.ts';
import { PostalAddressFieldsSchema, PostalAddressSchema } from './postal-address.ts';
import {
  AppliedPromotionSchema,
  CODE_UNKNOWN_MESSAGE,
  CODES_MAX,
  PromotionCodesSchema,
} from './promotions.ts';
import { ORDER_QUANTITY_MAX } from './purchase.ts';
import { singleLineText } from './text.ts';
import { SkuSchema } from './variant.ts';

// The pricing step (issue 35, ARCHITECTURE §0, docs/decisions/050): POST /api/checkout/quote prices
// the basket (or one line, for the purchase form) for a delivery address: each line's unit price,
// discount and tax, the shipping methods that apply with their prices, the chosen one, the tax and
// the total; it keeps what it answered under `quoteId`. POST /api/checkout and POST /api/purchase
// place exactly what that quote showed, or answer 409 PRICES_CHANGED_MESSAGE. Money in dollars.

export const PRICES_CHANGED_MESSAGE = 'Prices changed, please review your order';
export const NO_SHIPPING_MESSAGE = 'We cannot deliver this order to this address';
export const SHIPPING_METHOD_UNAVAILABLE_MESSAGE =
  'This shipping method is not available for this address and order';
export const TAX_UNAVAILABLE_MESSAGE =
  'Tax cannot be calculated right now, so nothing was ordered. Please try again in a few minutes.';
export const ADDRESS_NOT_FOUND_MESSAGE = 'Saved address not found';
export { CODES_MAX };
/** A promotion code the shop does not know (src/shared/promotions.ts has every code message). */
export const UNKNOWN_CODE_MESSAGE = CODE_UNKNOWN_MESSAGE;
/** How long a quote can be placed (then the checkout asks for a new one). */
export const QUOTE_TTL_MINUTES = 30;

/** Where to deliver: a structured address, or one line (the spec's form; priced at the origin). */
export const DeliveryFieldsSchema = z.object({
  address: z
    .union([PostalAddressFieldsSchema, singleLineText('Address').max(300, 'Address is too long')])
    .optional(),
  /** A saved address of the caller's, or of their company's (issue 37), instead of `address`. */
  addressId: IdSchema.optional(),
  /** The shipping method's id; left out: the cheapest that applies. */
  shippingMethod: IdSchema.optional(),
  codes: PromotionCodesSchema.optional(),
  /** Issue 37: card (the default), or on the buyer's company account (an invoice; ADR 059). */
  paymentMethod: PaymentMethodSchema.optional(),
});

/** POST /api/checkout/quote. Without `line`: the caller's basket. */
export const QuoteBodySchema = DeliveryFieldsSchema.extend({
  /** One line instead of the basket (the product page's purchase form). */
  line: z
    .object({
      productId: IdSchema,
      sku: SkuSchema.optional(),
      quantity: z.number().int().positive().max(ORDER_QUANTITY_MAX),
    })
    .optional(),
});
export type QuoteBody = z.input<typeof QuoteBodySchema>;

export const QuotedLineSchema = z.object({
  productId: IdSchema,
  sku: z.string(),
  name: z.string(),
  variantLabel: z.string(),
  quantity: z.number().int(),
  /** Net unit price (a break's or an accepted quote's), before discounts. */
  unitPrice: z.number(),
  /** Its share of the promotions' discounts (issue 36), to the cent. */
  discount: z.number(),
  /** Net: unit price times quantity, less the discount. */
  lineTotal: z.number(),
  tax: z.number(),
  /** Percent, e.g. 8.875. */
  taxRate: z.number(),
});
export type QuotedLine = z.infer<typeof QuotedLineSchema>;

export const ShippingOptionSchema = z.object({
  id: IdSchema,
  name: z.string(),
  deliveryText: z.string(),
  /** Net price of the method for this order (0 when free). */
  price: z.number(),
  tax: z.number(),
  collect: z.boolean(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

/** 200 of POST /api/checkout/quote. */
export const CheckoutQuoteSchema = z.object({
  quoteId: IdSchema,
  expiresAt: z.string(),
  /** The address priced (a one-line address: its line at the shop's origin). */
  address: PostalAddressSchema,
  lines: z.array(QuotedLineSchema),
  /** Every method that applies to the address and the order's weight, cheapest first. */
  shippingMethods: z.array(ShippingOptionSchema),
  shippingMethod: ShippingOptionSchema,
  subtotal: z.number(),
  /** The lines' discounts (every promotion's; free shipping shows in `shipping`). */
  discount: z.number(),
  /** Each applied promotion with its saving, allocated per line (issue 36). */
  promotions: z.array(AppliedPromotionSchema),
  shipping: z.number(),
  /** Everything's tax: the lines' and the shipping's. */
  tax: z.number(),
  total: z.number(),
  weightGrams: z.number().int(),
  /** EU/UK: prices are shown with VAT included; US: tax is added. */
  pricesIncludeTax: z.boolean(),
  /** Why there is no tax (an approved exemption, a reverse charge), or null. */
  taxNote: z.string().nullable(),
  /** Issue 37: how it will be paid (card, or on the company's account). */
  paymentMethod: PaymentMethodSchema,
  /**
   * Issue 37: the buyer's company, when they belong to one: whether this order would wait for an
   * approver (above the member's limits, as of now), and the credit available on account (dollars;
   * null when the company has no approved credit). Decided again when the order is placed.
   */
  company: z
    .object({
      id: z.string(),
      name: z.string(),
      approvalRequired: z.boolean(),
      creditAvailable: z.number().nullable(),
      priceList: z.string().nullable(),
    })
    .nullable(),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuoteSchema>;

/** A rate in parts per million as the API shows it: 88750 -> 8.875 (percent). */
export const ppmToPercent = (ppm: number) => ppm / 10_000;

/**
 * Tax on a net amount, rounded half up to the cent (amounts are never negative): the one rounding
 * rule of every line and of shipping.
 */
export const taxOn = (netCents: number, ratePpm: number) =>
  Math.floor((netCents * ratePpm + 500_000) / 1_000_000);
