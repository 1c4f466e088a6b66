import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { formatCents } from './money.ts';
import { multiLineText, singleLineText } from './text.ts';

// Promotions and codes (issue 36, docs/decisions/055). Staff define promotions under
// /api/admin/promotions; the pricing step (src/shared/pricing.ts, modules/pricing) applies the
// automatic ones and those whose code the buyer typed, allocates each one's discount to the lines to
// the cent, and the order statement claims their uses exactly. Money in dollars and percentages in
// percent in the API, as everywhere; stored as cents and parts per million.

export const PROMOTION_KINDS = [
  'percent_off',
  'amount_off',
  'free_shipping',
  'buy_x_get_y',
  'spend_threshold',
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  percent_off: 'Percent off',
  amount_off: 'Amount off',
  free_shipping: 'Free shipping',
  buy_x_get_y: 'Buy X get Y',
  spend_threshold: 'Spend threshold',
};

/**
 * What a promotion applies to (Y for buy X get Y): everything; products in categories (ids);
 * products (ids); variants (SKUs, matched case-insensitively); battery platforms (names, e.g. 18V).
 */
export const TARGET_KINDS = ['all', 'categories', 'products', 'variants', 'platforms'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export const TARGET_KIND_LABELS: Record<TargetKind, string> = {
  all: 'Everything',
  categories: 'Categories',
  products: 'Products',
  variants: 'Variants (SKUs)',
  platforms: 'Battery platforms',
};

/** `active` applies within its dates; `paused` can be resumed; `ended` is final. */
export const PROMOTION_STATUSES = ['active', 'paused', 'ended'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** `automatic` applies without a code; `code` needs one of its codes (shared or single-use). */
export const CODE_MODES = ['automatic', 'code'] as const;
export type CodeMode = (typeof CODE_MODES)[number];

// ---- What a buyer is told about a code (400 on the quote, 409 when the order statement refuses) ----

export const CODE_UNKNOWN_MESSAGE = 'This code is not valid';
export const CODE_EXPIRED_MESSAGE = 'This code has expired';
export const CODE_NOT_YET_VALID_MESSAGE = 'This code is not valid yet';
export const CODE_USED_UP_MESSAGE = 'This code has already been used';
export const CODE_CUSTOMER_USED_MESSAGE = 'You have already used this code';
export const CODE_NOT_FOR_ITEMS_MESSAGE = 'This code does not apply to the items in your basket';
export const CODE_FIRST_ORDER_MESSAGE = 'This code is for first orders only';
export const CODE_NOT_COMBINABLE_MESSAGE =
  'This code cannot be combined with your other promotions';
export const codeMinimumSubtotalMessage = (cents: number) =>
  `Spend at least ${formatCents(cents)} on eligible items to use this code`;
export const codeMinimumQuantityMessage = (quantity: number) =>
  `Add at least ${quantity} eligible items to use this code`;

export const PROMOTION_NOT_FOUND_MESSAGE = 'Promotion not found';
export const PROMOTION_ENDED_MESSAGE = 'This promotion has ended and cannot be changed';
export const CODE_TAKEN_MESSAGE = 'This code is already in use';

export const PROMOTION_CODE_MAX = 40;
export const PROMOTION_TARGET_IDS_MAX = 200;
export const CODE_BATCH_MAX = 10_000;
export const PRIORITY_LIMIT = 1000;
/** Every amount a promotion states, in dollars. */
export const PROMOTION_AMOUNT_MAX = 1_000_000;

/** A code as staff write it and buyers type it: letters, digits, dash and underscore. */
export const PromotionCodeTextSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .min(3, 'Code must be at least 3 characters')
  .max(PROMOTION_CODE_MAX, `Code must be at most ${PROMOTION_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Code may contain letters, digits, - and _ only');

/** How many codes a buyer may type on one order. */
export const CODES_MAX = 5;

/**
 * Codes as a buyer types them (POST /api/checkout/quote, /api/checkout, /api/purchase): any text,
 * so that a code the shop does not know is answered "This code is not valid".
 */
export const PromotionCodesSchema = z
  .array(
    singleLineText('Code', { required: 'Code is required' }).max(
      PROMOTION_CODE_MAX,
      `Code must be at most ${PROMOTION_CODE_MAX} characters`,
    ),
  )
  .max(CODES_MAX, `At most ${CODES_MAX} codes`);

/** Codes are matched case-insensitively and stored as written; this is their matching key. */
export const codeKey = (code: string) => code.trim().toUpperCase();

const hasAtMostTwoDecimals = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(PROMOTION_AMOUNT_MAX, `${label} is too large`)
    .refine(hasAtMostTwoDecimals, `${label} must have at most 2 decimals`);

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(100, `${label} must be at most 100`)
    .refine((value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6, {
      message: `${label} must have at most 4 decimals`,
    });

const count = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} is too large`);

export const PromotionTargetSchema = z.object({
  kind: z.enum(TARGET_KINDS, { error: 'Choose what the promotion applies to' }),
  /** Category or product ids, SKUs, or platform names; empty for `all`. */
  ids: z
    .array(singleLineText('Target').min(1).max(100))
    .max(PROMOTION_TARGET_IDS_MAX, `At most ${PROMOTION_TARGET_IDS_MAX} targets`)
    .default([]),
});
export type PromotionTarget = z.infer<typeof PromotionTargetSchema>;

const isoDate = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time` }).nullable();

/** POST /api/admin/promotions and PUT /api/admin/promotions/{id}: the whole definition. */
export const PromotionBodySchema = z
  .object({
    name: singleLineText('Name', { required: 'Name is required' }).max(
      120,
      'Name must be at most 120 characters',
    ),
    description: multiLineText('Description').max(500, 'Description is too long').default(''),
    kind: z.enum(PROMOTION_KINDS, { error: 'Choose a kind' }),
    /** percent_off: the percent off; buy_x_get_y: Y's percent off (100: free). */
    percentOff: percent('Percent off').nullable().default(null),
    /** amount_off and spend_threshold: dollars off. */
    amountOff: dollars('Amount off').nullable().default(null),
    /** What it applies to; buy X get Y: the Y items. */
    target: PromotionTargetSchema.default({ kind: 'all', ids: [] }),
    /** buy_x_get_y: the X items (`all` is allowed) and how many to buy. */
    buy: z
      .object({ target: PromotionTargetSchema, quantity: count('Buy quantity') })
      .nullable()
      .default(null),
    /** buy_x_get_y: how many Y items each time. */
    getQuantity: count('Get quantity').nullable().default(null),
    /** Conditions, on the eligible (target) items before any discount. */
    minSubtotal: dollars('Minimum subtotal').nullable().default(null),
    minQuantity: count('Minimum quantity').nullable().default(null),
    firstOrderOnly: z.boolean().default(false),
    startsAt: isoDate('Starts').default(null),
    endsAt: isoDate('Ends').default(null),
    /** Limits: uses in all (a use is one checkout), and per customer. */
    usageLimit: count('Total uses').nullable().default(null),
    perCustomerLimit: count('Uses per customer').nullable().default(null),
    /** Exclusive: applies alone. Higher priority is considered first. */
    exclusive: z.boolean().default(false),
    priority: z
      .number({ error: 'Priority must be a number' })
      .int('Priority must be a whole number')
      .min(-PRIORITY_LIMIT, `Priority must be at least -${PRIORITY_LIMIT}`)
      .max(PRIORITY_LIMIT, `Priority must be at most ${PRIORITY_LIMIT}`)
      .default(0),
    codeMode: z.enum(CODE_MODES).default('automatic'),
    /** codeMode `code`: the one shared code (optional when single-use batches are generated). */
    code: PromotionCodeTextSchema.nullable().default(null),
  })
  .superRefine((body, ctx) => {
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.kind === 'percent_off' && body.percentOff === null)
      need('percentOff', 'Percent off is required');
    if ((body.kind === 'amount_off' || body.kind === 'spend_threshold') && body.amountOff === null)
      need('amountOff', 'Amount off is required');
    if (body.kind === 'spend_threshold' && body.minSubtotal === null)
      need('minSubtotal', 'Minimum subtotal is required for a spend threshold');
    if (body.kind === 'buy_x_get_y') {
      if (body.buy === null) need('buy', 'Say what must be bought');
      if (body.getQuantity === null) need('getQuantity', 'Get quantity is required');
    }
    if (body.target.kind !== 'all' && body.target.ids.length === 0)
      need('target', 'Choose at least one target');
    if (body.buy && body.buy.target.kind !== 'all' && body.buy.target.ids.length === 0)
      need('buy', 'Choose at least one item to buy');
    if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt))
      need('endsAt', 'Ends must be after Starts');
    if (body.codeMode === 'automatic' && body.code !== null)
      need('code', 'An automatic promotion has no code');
  });
export type PromotionBody = z.input<typeof PromotionBodySchema>;
export type PromotionDefinition = z.output<typeof PromotionBodySchema>;

/** POST /api/admin/promotions/{id}/code-batches: N single-use codes. */
export const CodeBatchBodySchema = z.object({
  count: z
    .number({ error: 'Count must be a number' })
    .int('Count must be a whole number')
    .min(1, 'Count must be at least 1')
    .max(CODE_BATCH_MAX, `Count must be at most ${CODE_BATCH_MAX}`),
  /** Printed before each generated code, e.g. "EXPO-". */
  prefix: z
    .string()
    .trim()
    .max(12, 'Prefix must be at most 12 characters')
    .regex(/^[A-Za-z0-9_-]*$/, 'Prefix may contain letters, digits, - and _ only')
    .default(''),
});

/** A promotion as the staff API answers it. */
export const PromotionSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  target: z.object({ kind: z.enum(TARGET_KINDS), ids: z.array(z.string()) }),
  buy: z
    .object({
      target: z.object({ kind: z.enum(TARGET_KINDS), ids: z.array(z.string()) }),
      quantity: z.number().int(),
    })
    .nullable(),
  getQuantity: z.number().int().nullable(),
  minSubtotal: z.number().nullable(),
  minQuantity: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  exclusive: z.boolean(),
  priority: z.number().int(),
  codeMode: z.enum(CODE_MODES),
  /** The shared code, or null. */
  code: z.string().nullable(),
  status: z.enum(PROMOTION_STATUSES),
  /** Uses not released (one per checkout). */
  uses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

// ---- What the pricing step answers (CheckoutQuoteSchema.promotions) ----

/** A promotion the pricing step applied, with its discount allocated to each line to the cent. */
export const AppliedPromotionSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** The code typed for it, as the shop stores it, or null (automatic). */
  code: z.string().nullable(),
  kind: z.enum(PROMOTION_KINDS),
  /** Its discount on the lines (the sum of `lines[].discount`). */
  discount: z.number(),
  /** Free shipping: the shipping it took off (0 otherwise). */
  shippingDiscount: z.number(),
  lines: z.array(z.object({ productId: IdSchema, sku: z.string(), discount: z.number() })),
});
export type AppliedPromotion = z.infer<typeof AppliedPromotionSchema>;

/** What a checkout stores of each applied promotion, for its documents (cents). */
export interface PlacedPromotion {
  promotionId: string;
  name: string;
  code: string | null;
  kind: PromotionKind;
  discountCents: number;
  shippingDiscountCents: number;
}
