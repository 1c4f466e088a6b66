import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  pgView,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// One schema for every PostgreSQL the app runs on. Money is integer cents. Ids are UUIDs made by the
// database (gen_random_uuid is core PostgreSQL since 13: no extension needed).

export {
  account,
  invitation,
  member,
  organization,
  rateLimit,
  session,
  user,
  verification,
} from './auth-schema.ts';
import { organization, user } from './auth-schema.ts';
import {
  ORDER_EVENTS,
  ORDER_STATUSES,
  PAYMENT_INTENT_STATUSES,
  sqlList,
} from '../../shared/order-status.ts';
import type { StoredPriceBreak } from '../../shared/price-breaks.ts';
import { QUOTE_EVENTS, QUOTE_STATUSES } from '../../shared/quote.ts';
import type { ProductOption } from '../../shared/variant.ts';
import { TAX_CLASSES, type PostalAddress } from '../../shared/postal-address.ts';
import { CREDIT_STATUSES } from '../../shared/companies.ts';
import { PAYMENT_METHODS } from '../../shared/payment-method.ts';
import { APPROVAL_STATES } from '../../shared/approvals.ts';
import { INVOICE_STATUSES } from '../../shared/invoices.ts';
import type { ShippingRate } from '../../shared/shipping.ts';
import {
  CODE_MODES,
  type PlacedPromotion,
  PROMOTION_KINDS,
  PROMOTION_STATUSES,
  TARGET_KINDS,
} from '../../shared/promotions.ts';
import {
  CERTIFICATE_MEDIA_TYPES,
  TAX_EXEMPTION_KINDS,
  TAX_EXEMPTION_STATUSES,
} from '../../shared/tax-exemption.ts';
import { CARRIER_IDS } from '../../shared/carriers.ts';

/** One variant's stock an order took (purchase.stock_taken). */
export interface StockTaken {
  variantId: string;
  quantity: number;
}

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Key/value facts about this database, e.g. when the demo catalogue was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const product = pgTable(
  'product',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: "most recent" on the home page, stable where timestamps tie. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    /** Issue 24: the gallery after `image_url` (ordered, at most PRODUCT_IMAGES_MAX - 1). */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Issue 24: at most one category (a category with products cannot be deleted). */
    categoryId: uuid('category_id').references((): AnyPgColumn => category.id, {
      onDelete: 'restrict',
    }),
    /** Issue 24: the battery platform, e.g. 18V (null: none). */
    platform: text('platform'),
    batteryIncluded: boolean('battery_included').notNull().default(false),
    /** Issue 34: the options its variants choose among (e.g. Voltage: 12V, 18V), in order. */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /**
     * Bumped by the database on every UPDATE (a trigger, drizzle/0009); edits carry the version
     * they saw (optimistic concurrency).
     */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_seq_idx').on(t.seq),
    check('product_images_max', sql`cardinality(${t.images}) <= 7`),
    index('product_category_idx').on(t.categoryId, t.seq),
    index('product_platform_idx').on(t.platform, t.seq),
  ],
);

/**
 * What is sold (issue 34, docs/decisions/047): a variant of a product, with its SKU (unique
 * case-insensitively), option values, price, breaks, minimum, stock, weight, dimensions and own
 * pictures. The product's default variant is the first by (position, id). Its stock is written
 * only through the stock's owner (modules/stock); a kit's own column is unused (its stock is its
 * parts', `variantOffer`).
 */
export const variant = pgTable(
  'variant',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    optionValues: jsonb('option_values').$type<Record<string, string>>().notNull().default({}),
    /** The option values joined for people ("18V · Bare tool"); '' for a product's only one. */
    label: text('label').notNull().default(''),
    position: smallint('position').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull().default(0),
    /** Volume price breaks (issue 23), ascending; read by the order statement with the row's lock. */
    priceBreaks: jsonb('price_breaks').$type<StoredPriceBreak[]>().notNull().default([]),
    weightGrams: integer('weight_grams').notNull().default(0),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    /** Its own pictures (empty: the product's). */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Withdrawn from sale by a safety recall until an admin lifts it (issue 39, by SKU). */
    withdrawn: boolean('withdrawn').notNull().default(false),
    /** Issue 35: what it is taxed as (standard, reduced, exempt). */
    taxClass: text('tax_class', { enum: TAX_CLASSES }).notNull().default('standard'),
    /** Bumped by the database on every UPDATE (the trigger variant_version, drizzle/0028). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('variant_sku_idx').on(sql`lower(${t.sku})`),
    index('variant_product_idx').on(t.productId, t.position, t.id),
    check('variant_sku_format', sql`${t.sku} ~ '^[A-Za-z0-9._-]{1,40}$'`),
    check('variant_price_positive', sql`${t.priceCents} > 0`),
    check('variant_min_quantity_positive', sql`${t.minQuantity} >= 1`),
    // The last guard against overselling: stock can never go below zero, whatever the code does.
    check('variant_available_not_negative', sql`${t.availableQuantity} >= 0`),
    check('variant_weight_not_negative', sql`${t.weightGrams} >= 0`),
    check('variant_images_max', sql`cardinality(${t.images}) <= 8`),
    check('variant_tax_class_known', sql`${t.taxClass} in ${sql.raw(sqlList(TAX_CLASSES))}`),
  ],
);

/**
 * A kit's parts (issue 34): the kit takes `quantity` of each part's stock. A deleted part leaves
 * its row with `partId` null and its SKU: the kit cannot be sold until staff mend it.
 */
export const variantPart = pgTable(
  'variant_part',
  {
    kitId: uuid('kit_id')
      .notNull()
      .references(() => variant.id, { onDelete: 'cascade' }),
    partId: uuid('part_id').references((): AnyPgColumn => variant.id, { onDelete: 'set null' }),
    partSku: text('part_sku').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('variant_part_kit_part_idx').on(t.kitId, sql`lower(${t.partSku})`),
    index('variant_part_part_idx').on(t.partId),
    check('variant_part_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A variant as it can be sold (a view, drizzle/0028): a kit's stock and withdrawal are its parts'. */
export const variantOffer = pgView('variant_offer', {
  id: uuid('id').notNull(),
  productId: uuid('product_id').notNull(),
  sku: text('sku').notNull(),
  optionValues: jsonb('option_values').$type<Record<string, string>>().notNull(),
  label: text('label').notNull(),
  position: smallint('position').notNull(),
  priceCents: integer('price_cents').notNull(),
  minQuantity: integer('min_quantity').notNull(),
  priceBreaks: jsonb('price_breaks').$type<StoredPriceBreak[]>().notNull(),
  weightGrams: integer('weight_grams').notNull(),
  lengthMm: integer('length_mm'),
  widthMm: integer('width_mm'),
  heightMm: integer('height_mm'),
  images: text('images').array().notNull(),
  version: integer('version').notNull(),
  availableQuantity: integer('available_quantity').notNull(),
  withdrawn: boolean('withdrawn').notNull(),
  isKit: boolean('is_kit').notNull(),
  /** Issue 35 (drizzle/0031): the variant's tax class. */
  taxClass: text('tax_class', { enum: TAX_CLASSES }).notNull(),
}).existing();

/**
 * A product as the spec shows it (a view, drizzle/0028): its own columns and its default
 * variant's sale columns, the range of its variants' prices and their count. `version` is the
 * product row's plus the default variant's, less one (both only grow, so the sum changes when
 * either does; a new product is at 1, an edit of both adds 2).
 */
export const productOffer = pgView('product_offer', {
  id: uuid('id').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url').notNull(),
  images: text('images').array().notNull(),
  categoryId: uuid('category_id'),
  platform: text('platform'),
  batteryIncluded: boolean('battery_included').notNull(),
  options: jsonb('options').$type<ProductOption[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  defaultVariantId: uuid('default_variant_id').notNull(),
  sku: text('sku').notNull(),
  priceCents: integer('price_cents').notNull(),
  minQuantity: integer('min_quantity').notNull(),
  availableQuantity: integer('available_quantity').notNull(),
  priceBreaks: jsonb('price_breaks').$type<StoredPriceBreak[]>().notNull(),
  withdrawn: boolean('withdrawn').notNull(),
  weightGrams: integer('weight_grams').notNull(),
  version: integer('version').notNull(),
  minPriceCents: integer('min_price_cents').notNull(),
  maxPriceCents: integer('max_price_cents').notNull(),
  variants: integer('variants').notNull(),
}).existing();

export const review = pgTable(
  'review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The author's account (one review each); null for the demo reviews seeded with the catalogue. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    /** Hidden by an admin: off the shop's pages (its author still sees it). */
    hidden: boolean('hidden').notNull().default(false),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_user_idx').on(t.userId),
    check('review_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const contactMessage = pgTable('contact_message', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscriber = pgTable('newsletter_subscriber', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/** Images served by the app itself, addressed by the SHA-256 of their bytes. */
export const image = pgTable('image', {
  hash: text('hash').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

/** The editable part of a customer's profile; name and e-mail come from the account. */
export const userProfile = pgTable('user_profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  location: text('location').notNull().default(''),
  phone: text('phone').notNull().default(''),
  linkedin: text('linkedin').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One checkout (issue 22, docs/decisions/022): the orders placed together by one statement, paid by
 * one payment and mailed once. A single spec purchase is a checkout of one order.
 */
export const checkout = pgTable(
  'checkout',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The shop's reference is "C-<number>". */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    /** The buyer's own purchase-order number, or null. */
    poReference: text('po_reference'),
    /**
     * Its orders still pending and unpaid. Every transition that ends one decrements it on this
     * row (the row lock makes concurrent ones exact); the one that reaches 0 frees the account's
     * unpaid-checkout slot.
     */
    unpaidOrders: integer('unpaid_orders').notNull(),
    /** The one payment of the checkout: unique, so two checkouts never share a transaction id. */
    transactionId: text('transaction_id'),
    /** Its receipt's number once paid (unique, gapless: taken in the paying transaction). */
    receiptNumber: integer('receipt_number'),
    /** Issue 35: where it goes and what shipping and tax it was placed with (null/0 before). */
    deliveryAddress: jsonb('delivery_address').$type<PostalAddress>(),
    shippingMethodId: uuid('shipping_method_id'),
    shippingMethodName: text('shipping_method_name').notNull().default(''),
    shippingDeliveryText: text('shipping_delivery_text').notNull().default(''),
    shippingCents: integer('shipping_cents').notNull().default(0),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    /** All its tax: the lines' and the shipping's. */
    taxCents: integer('tax_cents').notNull().default(0),
    /** What the buyer was asked to pay as placed: lines, shipping and tax (null before issue 35). */
    totalCents: integer('total_cents'),
    weightGrams: integer('weight_grams').notNull().default(0),
    /** Shown with tax included (EU/UK VAT) or added (US sales tax). */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** Why it carries no tax (an approved exemption, a reverse charge), as printed on documents. */
    taxNote: text('tax_note'),
    /** Issue 36: the lines' discounts, and each promotion applied as placed (for documents). */
    discountCents: integer('discount_cents').notNull().default(0),
    promotions: jsonb('promotions').$type<PlacedPromotion[]>().notNull().default([]),
    /**
     * Issue 37 (ADR 059): the company of a member's checkout, how it is paid (card, or on the
     * company's account: an invoice) and its approval (awaiting when above the member's limits).
     */
    organizationId: text('organization_id').references(() => organization.id),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('card'),
    approval: text('approval', { enum: APPROVAL_STATES }).notNull().default('none'),
    approvalReason: text('approval_reason'),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkout_number_idx').on(t.number),
    uniqueIndex('checkout_transaction_idx').on(t.transactionId),
    uniqueIndex('checkout_receipt_number_idx').on(t.receiptNumber),
    index('checkout_user_idx').on(t.userId, t.createdAt),
    check('checkout_unpaid_orders_not_negative', sql`${t.unpaidOrders} >= 0`),
    check('checkout_payment_method_known', sql`${t.paymentMethod} in ('card', 'account')`),
    check(
      'checkout_approval_known',
      sql`${t.approval} in ('none', 'awaiting', 'approved', 'rejected')`,
    ),
  ],
);

/**
 * An account's order limits as one row, locked by each of its checkouts (so one account's orders
 * queue here, nobody else's): its unpaid checkouts (MAX_UNPAID_ORDERS) and its order rate
 * (ORDER_RATE_LIMIT_PER_HOUR, a fixed window). Kept by placing, paying, cancelling and expiring.
 */
export const accountOrders = pgTable(
  'account_orders',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    unpaidCheckouts: integer('unpaid_checkouts').notNull().default(0),
    rateHits: integer('rate_hits').notNull().default(0),
    rateWindowStartedAt: timestamp('rate_window_started_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [check('account_orders_unpaid_not_negative', sql`${t.unpaidCheckouts} >= 0`)],
);

/**
 * A purchase order for one product. It keeps a snapshot of the product's name and unit price and
 * of the customer, so edits and deletions elsewhere never change what was ordered.
 */
export const purchase = pgTable(
  'purchase',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkout.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    /** Null once the product is deleted; the snapshot below stays. */
    productId: uuid('product_id').references(() => product.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** Issue 34: the variant sold (null once deleted), its SKU and label as sold. */
    variantId: uuid('variant_id').references(() => variant.id, { onDelete: 'set null' }),
    sku: text('sku').notNull().default(''),
    variantLabel: text('variant_label').notNull().default(''),
    /**
     * The stock it took: its variant's, or a kit's parts' as the kit was made when sold. Giving
     * stock back (cancel, expiry, a restocked return) gives back exactly this.
     */
    stockTaken: jsonb('stock_taken').$type<StockTaken[]>().notNull().default([]),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    /**
     * Issue 35: its tax (rounded per line) at `taxRatePpm`, and its share of the checkout's
     * shipping and of that shipping's tax, to the cent; `amountCents` is what the line costs the
     * buyer (generated: what a payment sums and a refund returns).
     */
    taxCents: integer('tax_cents').notNull().default(0),
    taxRatePpm: integer('tax_rate_ppm').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    /** Issue 36: its share of the checkout's promotions' discounts (tax is on the line after it). */
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents')
      .notNull()
      .generatedAlwaysAs(
        sql`total_cents - discount_cents + tax_cents + shipping_cents + shipping_tax_cents`,
      ),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paid: boolean('paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Its checkout's payment (every order of a paid checkout carries the same one). */
    transactionId: text('transaction_id'),
    /** Paid (or being paid) through the built-in test-mode processor: no real money. */
    testMode: boolean('test_mode').notNull().default(false),
    /** Unpaid orders hold their stock until then; afterwards they expire and the stock returns. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * Issue 37 (ADR 059): the buyer's company, whether it is paid on the company's account, and
     * its invoice once issued (an invoiced order ships unpaid: the invoice is its payment).
     */
    organizationId: text('organization_id').references(() => organization.id),
    onAccount: boolean('on_account').notNull().default(false),
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoice.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('purchase_user_idx').on(t.userId, t.createdAt),
    index('purchase_hold_idx').on(t.status, t.holdExpiresAt),
    index('purchase_checkout_idx').on(t.checkoutId),
    index('purchase_variant_idx').on(t.variantId),
    check('purchase_quantity_positive', sql`${t.quantity} > 0`),
    check('purchase_total_matches', sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    check('purchase_status_known', sql`${t.status} in ${sql.raw(sqlList(ORDER_STATUSES))}`),
    check(
      'purchase_shipped_is_paid',
      sql`${t.status} <> 'shipped' or ${t.paid} or ${t.invoiceId} IS NOT NULL`,
    ),
  ],
);

/** Who did what as an admin, with the record before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    // The audit screen pages newest first, optionally by actor or action.
    index('audit_log_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Our record of a card payment intent, for a checkout's total at the time (`amount_cents`): at most
 * one open per checkout (the partial unique index makes parallel requests share it); a cancelled
 * order cancels it, and the next payment makes a new one for the new total. For the built-in test-mode processor this row IS the intent; for Stripe it mirrors
 * Stripe's. Never a card number: at most brand and last four digits.
 */
export { PAYMENT_INTENT_STATUSES };

export const paymentIntent = pgTable(
  'payment_intent',
  {
    /** The provider's id (pi_...): the transaction id recorded on the order once paid. */
    id: text('id').primaryKey(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkout.id),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PAYMENT_INTENT_STATUSES })
      .notNull()
      .default('requires_payment_method'),
    /** The provider's code for the last failed attempt, e.g. card_declined. */
    lastErrorCode: text('last_error_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_intent_open_idx')
      .on(t.checkoutId)
      .where(sql`${t.status} = 'requires_payment_method'`),
    index('payment_intent_checkout_idx').on(t.checkoutId),
    uniqueIndex('payment_intent_client_secret_idx').on(t.clientSecret),
    check(
      'payment_intent_status_known',
      sql`${t.status} in ${sql.raw(sqlList(PAYMENT_INTENT_STATUSES))}`,
    ),
    check('payment_intent_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Provider events (webhooks) already applied: each event id is applied once. */
export const paymentEvent = pgTable('payment_event', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/** One Core Web Vital of one real page view: the route pattern and device class, nothing personal. */
export const webVital = pgTable(
  'web_vital',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    route: text('route').notNull(),
    metric: text('metric').notNull(),
    value: doublePrecision('value').notNull(),
    device: text('device').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('web_vital_time_idx').on(t.createdAt, t.route, t.metric)],
);

/** An order's history (the timeline): one row per lifecycle event, written with the change. */
export const orderEvent = pgTable(
  'order_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchase.id),
    event: text('event', { enum: ORDER_EVENTS }).notNull(),
    /** customer, admin (with e-mail) or system. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_event_purchase_idx').on(t.purchaseId, t.id),
    check('order_event_known', sql`${t.event} in ${sql.raw(sqlList(ORDER_EVENTS))}`),
  ],
);

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * The transactional outbox (ADR 013): side effects (mails, provider
 * calls) written in the same transaction as the order change, then carried out by the outbox
 * worker of any instance, at least once, each job claimed by one worker at a time.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** mail or cancel-intent. */
    kind: text('kind').notNull(),
    /** Makes enqueuing idempotent: the same effect of the same transition is queued once. */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be (re)tried; while claimed, the end of the claim's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_idx').on(t.dedupeKey),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('outbox_status_known', sql`${t.status} in ${sql.raw(sqlList(OUTBOX_STATUSES))}`),
  ],
);

/** Single-row counter of receipt numbers, advanced in the paying transaction (so gapless). */
export const receiptCounter = pgTable(
  'receipt_counter',
  {
    id: smallint('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('receipt_counter_single', sql`${t.id} = 1`)],
);

/**
 * A signed-in customer's basket (issue 22): one line per product, replaced whole by PUT
 * /api/basket; the checkout reads the lines from here, never from the request. A deleted product's
 * lines stay (issue 39: no foreign key), and the deletion stamps its name on them (a trigger,
 * drizzle/0026), so the basket shows them as no longer available and the checkout refuses by name.
 */
export const basketLine = pgTable(
  'basket_line',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** A product's id; the product may be gone since (then `goneProductName` is set). */
    productId: uuid('product_id').notNull(),
    /** Issue 34: the variant (no foreign key either: a deleted one's line stays, named). */
    variantId: uuid('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The line's place in the basket, as the customer put it there. */
    position: smallint('position').notNull(),
    /** The product's name when it was deleted; null while it exists. */
    goneProductName: text('gone_product_name'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variantId] }),
    check('basket_line_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A delivery address an account saved (at most ADDRESSES_MAX, src/shared/address.ts). */
export const savedAddress = pgTable(
  'saved_address',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    /** Issue 35: the structured address (null for one saved as one line before). */
    postal: jsonb('postal').$type<PostalAddress>(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_address_user_idx').on(t.userId, t.createdAt)],
);

// ---- Outgoing webhooks (issue 26) ----

/** An endpoint an admin registered: deliveries of its events are signed with its secret. */
export const webhookEndpoint = pgTable('webhook_endpoint', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  /** The HMAC-SHA256 key of the Toolhouse-Signature header (shown to the admin once). */
  secret: text('secret').notNull(),
  events: text('events').array().notNull(),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

/** One delivery attempt of a webhook (outbox job kind `webhook`): the log on the Webhooks screen. */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    event: text('event').notNull(),
    eventId: text('event_id').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt)],
);

// ───────────────────────── After the sale (issue 25): refunds, returns, warranty, recalls ─────────

/**
 * An order's after-sale counters, one row per paid order (made on its first refund, return or
 * serial). Each is raised by ONE guarded UPDATE whose WHERE is the bound, so parallel requests can
 * never pass it: refunds reserve their amount here before the provider is called (released if it
 * fails), returns their quantity, serials their unit.
 */
export const orderAftersale = pgTable(
  'order_aftersale',
  {
    purchaseId: uuid('purchase_id')
      .primaryKey()
      .references(() => purchase.id),
    /** What was paid for the order (its amount: total, tax and shipping) and its units: the bounds. */
    paidCents: integer('paid_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Refunds succeeded or in flight at the provider. */
    refundReservedCents: integer('refund_reserved_cents').notNull().default(0),
    /** Refunds the provider confirmed. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Units in returns that were not rejected. */
    returningQuantity: integer('returning_quantity').notNull().default(0),
    /** Serial numbers registered. */
    serials: integer('serials').notNull().default(0),
  },
  (t) => [
    check(
      'order_aftersale_refund_bounds',
      sql`0 <= ${t.refundedCents} and ${t.refundedCents} <= ${t.refundReservedCents} and ${t.refundReservedCents} <= ${t.paidCents}`,
    ),
    check(
      'order_aftersale_return_bounds',
      sql`0 <= ${t.returningQuantity} and ${t.returningQuantity} <= ${t.quantity}`,
    ),
    check(
      'order_aftersale_serial_bounds',
      sql`0 <= ${t.serials} and ${t.serials} <= ${t.quantity}`,
    ),
  ],
);

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One refund of (part of) an order through the payment provider; its number is its credit note's. */
export const refund = pgTable(
  'refund',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchase.id),
    amountCents: integer('amount_cents').notNull(),
    /**
     * Issue 35 (docs/decisions/054): the amount split as the order was charged: the goods' net and
     * their tax, and the line's shipping share and its tax (only when staff chose to refund
     * shipping, `withShipping`). `quantity`: the units it paid back (0: a refund of an amount).
     */
    quantity: integer('quantity').notNull().default(0),
    netCents: integer('net_cents').notNull().default(0),
    /**
     * Issue 36 (drizzle/0036): the promotions' discount the units refunded had (their share of
     * the line's `discount_cents`); not in the amount: `net_cents` is after it, as charged.
     */
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    withShipping: boolean('with_shipping').notNull().default(false),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** The return it pays back, if any. */
    returnId: uuid('return_id'),
    actorEmail: text('actor_email').notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * When the provider last answered it ambiguously (timeout, 5xx, connection lost): it may have
     * refunded. The refund stays pending, holding its amount, until the provider is asked what
     * happened (refund-reconciliation.ts). Null: no such answer.
     */
    unsureAt: timestamp('unsure_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refund_number_idx').on(t.number),
    index('refund_purchase_idx').on(t.purchaseId),
    // The reconciliation job's scan.
    index('refund_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // A return is refunded once: a second refund of it waits for the first to fail.
    uniqueIndex('refund_return_idx')
      .on(t.returnId)
      .where(sql`${t.status} <> 'failed'`),
    check('refund_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'refund_parts_sum',
      sql`${t.quantity} >= 0 AND ${t.netCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.shippingTaxCents} >= 0 AND ${t.amountCents} = ${t.netCents} + ${t.taxCents} + ${t.shippingCents} + ${t.shippingTaxCents}`,
    ),
    check('refund_status_known', sql`${t.status} in ${sql.raw(sqlList(REFUND_STATUSES))}`),
    check('refund_discount_not_negative', sql`${t.discountCents} >= 0`),
  ],
);

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
] as const;

/** A customer's return of units of a shipped order: requested → approved | rejected → received → refunded. */
export const orderReturn = pgTable(
  'order_return',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchase.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    rejectReason: text('reject_reason'),
    /** Set when received: whether the units went back into stock. */
    restocked: boolean('restocked'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_return_purchase_idx').on(t.purchaseId),
    index('order_return_status_idx').on(t.status, t.createdAt),
    check('order_return_quantity_positive', sql`${t.quantity} > 0`),
    check('order_return_status_known', sql`${t.status} in ${sql.raw(sqlList(RETURN_STATUSES))}`),
  ],
);

/** One registered unit: its serial is unique shop-wide; the dates come from the server. */
export const warrantyRegistration = pgTable(
  'warranty_registration',
  {
    serial: text('serial').primaryKey(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchase.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('warranty_registration_purchase_idx').on(t.purchaseId)],
);

/** A safety recall of a product's units paid in a date range (optionally a serial range). */
export const recall = pgTable('recall', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id').references(() => product.id, { onDelete: 'set null' }),
  productName: text('product_name').notNull(),
  /**
   * Issue 34 (drizzle/0029): the one variant recalled, by SKU (kept when the variant is deleted);
   * both null: the whole product.
   */
  variantId: uuid('variant_id').references(() => variant.id, { onDelete: 'set null' }),
  sku: text('sku'),
  paidFrom: timestamp('paid_from', { withTimezone: true }).notNull(),
  /** Exclusive. */
  paidUntil: timestamp('paid_until', { withTimezone: true }).notNull(),
  serialFrom: text('serial_from'),
  serialTo: text('serial_to'),
  title: text('title').notNull(),
  hazard: text('hazard').notNull(),
  remedy: text('remedy').notNull(),
  withdrawn: boolean('withdrawn').notNull(),
  actorEmail: text('actor_email').notNull(),
  createdAt: createdAt(),
  /** Issue 39: when an admin lifted the withdrawal (the product back on sale), and who. */
  liftedAt: timestamp('lifted_at', { withTimezone: true }),
  liftedBy: text('lifted_by'),
});

/** One customer told of one recall (the primary key makes it once), and when they read it. */
export const recallNotice = pgTable(
  'recall_notice',
  {
    recallId: uuid('recall_id')
      .notNull()
      .references(() => recall.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.recallId, t.userId] }),
    index('recall_notice_user_idx').on(t.userId),
  ],
);

// ─── Operations (issue 27) ──────────────────────────────────────────────────────────────────────

/**
 * An Idempotency-Key a customer sent with a request that placed a checkout (POST /api/purchase,
 * POST /api/checkout): written by the order statement itself, so it exists exactly when the order
 * does (docs/decisions/029). Keyed per account; a repeat answers the stored checkout; rows older
 * than 24 h are swept by the jobs plugin.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the route and the request body: another body under the same key is a 422. */
    requestHash: text('request_hash').notNull(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkout.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_key_created_idx').on(t.createdAt),
  ],
);

/**
 * An Idempotency-Key a customer sent with a payment call (POST /api/create-payment-intent,
 * PATCH /api/purchase/{id}). Those calls are idempotent by nature, so only what was asked is kept:
 * a repeat re-runs the call, another body under the key is a 422 (docs/decisions/029). Written in
 * the transaction of the call's state change when it has one; swept after 24 h like the above.
 */
export const paymentIdempotencyKey = pgTable(
  'payment_idempotency_key',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the route (with the order id) and the request body. */
    requestHash: text('request_hash').notNull(),
    /**
     * The refund a key of POST /api/purchase/{id}/refunds made (written before it, in its
     * reservation's transaction, so no foreign key); null for the payment calls.
     */
    refundId: uuid('refund_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('payment_idempotency_key_created_idx').on(t.createdAt),
  ],
);

// ---- Requests for a quote (issue 23; src/server/modules/quotes/) ----

/** A customer's request for a quote, and the shop's answer (quote-lifecycle.ts is its machine). */
export const quote = pgTable(
  'quote',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The shop's reference, "Q-<number>". */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted (the name stays); such a quote can no longer be accepted. */
    productId: uuid('product_id').references(() => product.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** Issue 34: the variant quoted (null once deleted) and its SKU. */
    variantId: uuid('variant_id').references(() => variant.id, { onDelete: 'set null' }),
    sku: text('sku').notNull().default(''),
    quantity: integer('quantity').notNull(),
    targetPriceCents: integer('target_price_cents'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('requested'),
    quotedPriceCents: integer('quoted_price_cents'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The admin's note with the answer, or the reason for declining. */
    reply: text('reply').notNull().default(''),
    /** The checkout its acceptance placed. */
    checkoutId: uuid('checkout_id').references(() => checkout.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_number_idx').on(t.number),
    index('quote_user_idx').on(t.userId, t.createdAt),
    index('quote_status_idx').on(t.status, t.createdAt),
    check('quote_status_known', sql`${t.status} in ${sql.raw(sqlList(QUOTE_STATUSES))}`),
    check('quote_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_target_positive', sql`${t.targetPriceCents} IS NULL OR ${t.targetPriceCents} > 0`),
    check(
      'quote_quoted_when_answered',
      sql`${t.status} IN ('requested', 'withdrawn', 'declined') OR (${t.quotedPriceCents} > 0 AND ${t.expiresAt} IS NOT NULL)`,
    ),
  ],
);

/** A quote's timeline: one row per transition. */
export const quoteEvent = pgTable(
  'quote_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quote.id, { onDelete: 'cascade' }),
    event: text('event', { enum: QUOTE_EVENTS }).notNull(),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_event_quote_idx').on(t.quoteId, t.at)],
);

// ---- Issue 24: categories and back-in-stock alerts ----

/** A catalogue category (admin-managed); products point at it (product.category_id). */
export const category = pgTable(
  'category',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('category_slug_idx').on(t.slug),
    uniqueIndex('category_name_idx').on(sql`lower(${t.name})`),
  ],
);

/**
 * A customer's wish to hear when a product is back in stock. The admin's stock change that brings
 * it back deletes the row and queues its one mail in the same transaction (dedupe key = row id).
 */
export const stockAlert = pgTable(
  'stock_alert',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    /** Issue 34: the variant awaited. */
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variant.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_alert_variant_user_idx').on(t.variantId, t.userId),
    index('stock_alert_product_idx').on(t.productId),
  ],
);

// ── Staff roles and two-factor sign-in (issue 26) ────────────────────────────────────────────────

/** better-auth's two-factor plugin: one TOTP secret and backup codes per account, both encrypted. */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Ours: the 30 s step of the last TOTP code accepted; a code of this step or older is refused. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factor_user_idx').on(t.userId)],
);

// ── Data versions kept by the database (ADR 031) ─────────────────────────────────────────────────

/**
 * Counters of committed writes to the tables the caches serve (product, review, category), kept
 * by triggers (migration data_version): each transaction that changes one of those tables adds 1
 * to its column, once, at commit, in the row of its backend's slot (pg_backend_pid() % 64), so
 * concurrent writers rarely touch the same row. The sum of a column over every row only ever
 * grows, by one per committed writing transaction: the shared data version check reads the three
 * sums in one tiny query, whatever the size of the catalogue. Rows are never deleted.
 */
export const dataVersion = pgTable('data_version', {
  slot: smallint('slot').primaryKey(),
  products: bigint('products', { mode: 'number' }).notNull().default(0),
  reviews: bigint('reviews', { mode: 'number' }).notNull().default(0),
  categories: bigint('categories', { mode: 'number' }).notNull().default(0),
});

// ---- Shipping and tax (issue 35, docs/decisions/050) ----

/** Where the shop delivers: countries (ISO codes), optionally narrowed to regions ("US-AK"). */
export const shippingZone = pgTable(
  'shipping_zone',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    countries: text('countries').array().notNull(),
    regions: text('regions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shipping_zone_has_country', sql`cardinality(${t.countries}) >= 1`)],
);

/** A way of delivering to a zone, with its rate bands (the first that fits gives the price). */
export const shippingMethod = pgTable(
  'shipping_method',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZone.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deliveryText: text('delivery_text').notNull().default(''),
    rates: jsonb('rates').$type<ShippingRate[]>().notNull().default([]),
    /** From this order value (net cents) on, the method is free; null: never. */
    freeOverCents: integer('free_over_cents'),
    /** Collected from the depot: nothing is shipped. */
    collect: boolean('collect').notNull().default(false),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipping_method_zone_idx').on(t.zoneId, t.position)],
);

/**
 * The built-in tax table: a country's row (region '') and, where tax is by state or province, a
 * row per region; rates in parts per million of the net amount (8.875% = 88750).
 */
export const taxRegion = pgTable(
  'tax_region',
  {
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    name: text('name').notNull(),
    standardPpm: integer('standard_ppm').notNull(),
    reducedPpm: integer('reduced_ppm').notNull().default(0),
    /** The shop collects tax here (US: the states staff chose; EU/UK: every country it sells to). */
    collect: boolean('collect').notNull().default(false),
    taxShipping: boolean('tax_shipping').notNull().default(true),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tax_region_pk', columns: [t.country, t.region] }),
    check(
      'tax_region_rates',
      sql`${t.standardPpm} BETWEEN 0 AND 1000000 AND ${t.reducedPpm} BETWEEN 0 AND 1000000`,
    ),
  ],
);

/**
 * The shop's pricing settings, one row. `version` grows with every change of a zone, method, tax
 * row or these settings (triggers of drizzle/0030); a quote is placed only under the version it saw.
 * An order with a one-line address (the spec's form) is priced in `originCountry`, no region.
 */
export const pricingSettings = pgTable(
  'pricing_settings',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    originCountry: text('origin_country').notNull().default('US'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pricing_settings_one_row', sql`${t.id}`)],
);

// ---- Issue 36: promotions and codes (drizzle/0035, docs/decisions/055) ----

/**
 * A promotion: its kind and amount, what it applies to, its conditions, limits and stacking. Part of
 * the pricing tables (a change bumps pricing_settings.version). Its uses are its `promotion_use`
 * rows not released (claim_promotion_uses locks its row to count them when it has a usage limit).
 */
export const promotion = pgTable(
  'promotion',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: PROMOTION_KINDS }).notNull(),
    /** percent_off: off the targets; buy_x_get_y: off each Y unit (1,000,000: free). */
    percentPpm: integer('percent_ppm'),
    /** amount_off, spend_threshold. */
    amountCents: integer('amount_cents'),
    targetKind: text('target_kind', { enum: TARGET_KINDS }).notNull().default('all'),
    targetIds: text('target_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** buy_x_get_y: the X items and how many; Y is the target, `getQuantity` of it. */
    buyKind: text('buy_kind', { enum: TARGET_KINDS }),
    buyIds: text('buy_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    buyQuantity: integer('buy_quantity'),
    getQuantity: integer('get_quantity'),
    minSubtotalCents: integer('min_subtotal_cents'),
    minQuantity: integer('min_quantity'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    exclusive: boolean('exclusive').notNull().default(false),
    priority: integer('priority').notNull().default(0),
    codeMode: text('code_mode', { enum: CODE_MODES }).notNull().default('automatic'),
    status: text('status', { enum: PROMOTION_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promotion_status_idx').on(t.status, t.priority)],
);

/** A batch of generated single-use codes (its CSV export lists them). */
export const promotionCodeBatch = pgTable(
  'promotion_code_batch',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotion.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull().default(''),
    count: integer('count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('promotion_code_batch_promotion_idx').on(t.promotionId, t.createdAt)],
);

/**
 * A code: a promotion's shared one (`maxUses` null: only the promotion's limits) or a batch's
 * single-use one (`maxUses` 1: its row locked to count its uses when claimed). Unique in any case.
 */
export const promotionCode = pgTable(
  'promotion_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotion.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id').references(() => promotionCodeBatch.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    maxUses: integer('max_uses'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_code_code_idx').on(sql`upper(${t.code})`),
    index('promotion_code_promotion_idx').on(t.promotionId, t.batchId),
  ],
);

/** A checkout's use of a promotion; released when its orders all end unpaid. */
export const promotionUse = pgTable(
  'promotion_use',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promotionId: uuid('promotion_id')
      .notNull()
      .references(() => promotion.id, { onDelete: 'cascade' }),
    codeId: uuid('code_id').references(() => promotionCode.id, { onDelete: 'set null' }),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkout.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    discountCents: integer('discount_cents').notNull(),
    shippingDiscountCents: integer('shipping_discount_cents').notNull().default(0),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('promotion_use_customer_idx')
      .on(t.promotionId, t.userId)
      .where(sql`released_at IS NULL`),
    index('promotion_use_checkout_idx').on(t.checkoutId),
    index('promotion_use_code_idx')
      .on(t.codeId)
      .where(sql`released_at IS NULL AND code_id IS NOT NULL`),
  ],
);

/** What the pricing step showed a buyer (unlogged: a lost one is asked again). */
export const checkoutQuote = pgTable(
  'checkout_quote',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    pricing: jsonb('pricing').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('checkout_quote_expires_idx').on(t.expiresAt)],
);

// ---- Issue 35: exempt buyers (drizzle/0032, docs/decisions/052) ----

/**
 * A customer's resale or exemption certificate, or VAT number for reverse charge, and the staff's
 * decision. At most one `pending` and one `approved` (in force) per account (partial unique
 * indexes); approving a newer one makes the older `replaced`.
 */
export const taxExemption = pgTable(
  'tax_exemption',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TAX_EXEMPTION_KINDS }).notNull(),
    /** `vat_number`: as written ("DE123456789") and its country (ISO; EL is GR, XI is GB). */
    vatNumber: text('vat_number'),
    country: text('country'),
    /** `certificate`: the file's bytes as uploaded, its media type (from its bytes) and name. */
    document: bytea('document'),
    documentType: text('document_type', { enum: CERTIFICATE_MEDIA_TYPES }),
    documentName: text('document_name'),
    status: text('status', { enum: TAX_EXEMPTION_STATUSES }).notNull().default('pending'),
    /** Why staff rejected it. */
    reason: text('reason'),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_exemption_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('tax_exemption_one_approved')
      .on(t.userId)
      .where(sql`${t.status} = 'approved'`),
    index('tax_exemption_user_idx').on(t.userId, t.createdAt),
    index('tax_exemption_status_idx').on(t.status, t.createdAt),
    check('tax_exemption_kind_known', sql`${t.kind} in ('certificate', 'vat_number')`),
    check(
      'tax_exemption_status_known',
      sql`${t.status} in ${sql.raw(sqlList(TAX_EXEMPTION_STATUSES))}`,
    ),
    check(
      'tax_exemption_kind_fields',
      sql`(${t.kind} = 'certificate' AND ${t.document} IS NOT NULL AND ${t.documentType} IS NOT NULL AND ${t.vatNumber} IS NULL) OR (${t.kind} = 'vat_number' AND ${t.vatNumber} IS NOT NULL AND ${t.country} IS NOT NULL AND ${t.document} IS NULL)`,
    ),
    check('tax_exemption_reviewed', sql`${t.status} = 'pending' OR ${t.reviewedAt} IS NOT NULL`),
  ],
);
// ---- Parcels (issue 35, docs/decisions/051; drizzle/0033) ----

/**
 * A parcel staff shipped: orders of one checkout (shipment_order), with its carrier and tracking
 * number (both or neither: the spec's Ship without them is a parcel without tracking).
 */
export const shipment = pgTable(
  'shipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkout.id),
    carrier: text('carrier', { enum: CARRIER_IDS }),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
    /** The staff member who shipped it. */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('shipment_checkout_idx').on(t.checkoutId),
    check('shipment_tracking_pair', sql`(${t.carrier} IS NULL) = (${t.trackingNumber} IS NULL)`),
    check(
      'shipment_carrier_known',
      sql`${t.carrier} IS NULL OR ${t.carrier} in ${sql.raw(sqlList(CARRIER_IDS))}`,
    ),
    check('shipment_tracking_number_format', sql`${t.trackingNumber} ~ '^[A-Za-z0-9-]{1,40}$'`),
  ],
);

/** Which parcel an order went out in: at most one (the key). */
export const shipmentOrder = pgTable(
  'shipment_order',
  {
    purchaseId: uuid('purchase_id')
      .primaryKey()
      .references(() => purchase.id),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipment.id),
  },
  (t) => [index('shipment_order_shipment_idx').on(t.shipmentId)],
);

// ---- Trade accounts (issue 37, docs/decisions/059; drizzle/0038) ----

/** A contract price list: staff assign it to companies (`company_account.price_list_id`). */
export const priceList = pgTable(
  'price_list',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('price_list_name_idx').on(sql`lower(${t.name})`)],
);

/** A fixed contract price of one variant (never above the variant's break price: see ADR 059). */
export const priceListPrice = pgTable(
  'price_list_price',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceList.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variant.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.variantId] }),
    check('price_list_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/** A percent off (basis points) of every product of one category. */
export const priceListDiscount = pgTable(
  'price_list_discount',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceList.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
    percentBp: integer('percent_bp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.categoryId] }),
    check('price_list_discount_range', sql`${t.percentBp} > 0 AND ${t.percentBp} < 10000`),
  ],
);

/**
 * What the shop keeps of a company (better-auth's organization): tax number, billing address,
 * credit (staff decide status, limit and terms) and its price list. `balanceCents` is what its
 * on-account checkouts owe and reserve; its one writer is `change_company_balance` (drizzle/0038),
 * and the order statement locks this row before the variants and never lets it pass the limit.
 */
export const companyAccount = pgTable(
  'company_account',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organization.id, { onDelete: 'cascade' }),
    taxNumber: text('tax_number').notNull().default(''),
    billingAddress: jsonb('billing_address').$type<PostalAddress>(),
    creditStatus: text('credit_status', { enum: CREDIT_STATUSES }).notNull().default('none'),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    termsDays: integer('terms_days').notNull().default(30),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    priceListId: uuid('price_list_id').references(() => priceList.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_account_price_list_idx').on(t.priceListId),
    check(
      'company_credit_status_known',
      sql`${t.creditStatus} in ('none', 'approved', 'suspended')`,
    ),
    check('company_credit_limit_not_negative', sql`${t.creditLimitCents} >= 0`),
    check('company_terms_range', sql`${t.termsDays} >= 0 AND ${t.termsDays} <= 365`),
    check('company_balance_not_negative', sql`${t.balanceCents} >= 0`),
  ],
);

/** A delivery address shared by a company's members. */
export const companyAddress = pgTable(
  'company_address',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    postal: jsonb('postal').$type<PostalAddress>().notNull(),
    phone: text('phone').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('company_address_organization_idx').on(t.organizationId, t.createdAt)],
);

/**
 * The invoice of a checkout paid on account, issued when it is placed or approved: number from
 * `invoice_number_seq` (unique, increasing), due `terms_days` later; open until paid in full.
 */
export const invoice = pgTable(
  'invoice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('invoice_number_seq')`),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkout.id),
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    paidCents: integer('paid_cents').notNull().default(0),
    poReference: text('po_reference'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the overdue sweep marked it (and sent invoice.overdue); null while not overdue. */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoice_number_idx').on(t.number),
    uniqueIndex('invoice_checkout_idx').on(t.checkoutId),
    index('invoice_organization_idx').on(t.organizationId, t.issuedAt),
    index('invoice_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'open'`),
    check('invoice_status_known', sql`${t.status} in ('open', 'paid')`),
    check('invoice_paid_range', sql`${t.paidCents} >= 0 AND ${t.paidCents} <= ${t.amountCents}`),
    check('invoice_paid_status', sql`(${t.status} = 'paid') = (${t.paidCents} = ${t.amountCents})`),
  ],
);

/** A payment staff recorded against an invoice (full or partial). */
export const invoicePayment = pgTable(
  'invoice_payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoice.id),
    amountCents: integer('amount_cents').notNull(),
    reference: text('reference').notNull().default(''),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    recordedBy: text('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payment_invoice_idx').on(t.invoiceId, t.createdAt),
    check('invoice_payment_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A company's saved list ("Van restock"). */
export const savedList = pgTable(
  'saved_list',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_list_name_idx').on(t.organizationId, sql`lower(${t.name})`)],
);

/**
 * A line of a saved list. A deleted variant's line stays (no foreign key, as a basket's: issue 39);
 * the deletion stamps its name and SKU on it (triggers, drizzle/0039), and "put in basket" skips it.
 */
export const savedListItem = pgTable(
  'saved_list_item',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => savedList.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
    /** The variant's name and SKU when it was deleted; null while it exists. */
    goneName: text('gone_name'),
    goneSku: text('gone_sku'),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.variantId] }),
    index('saved_list_item_variant_idx').on(t.variantId),
    check('saved_list_item_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
