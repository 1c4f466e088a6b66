import type { Pool } from 'pg';
import { addressProblems, normalizeAddress } from '../../../shared/address-rules.ts';
import { BASKET_EMPTY_MESSAGE } from '../../../shared/basket.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import { centsToDollars } from '../../../shared/money.ts';
import {
  addressLine,
  type PostalAddress,
  type PostalAddressBody,
  type TaxClass,
} from '../../../shared/postal-address.ts';
import {
  ADDRESS_NOT_FOUND_MESSAGE,
  type CheckoutQuote,
  PRICES_CHANGED_MESSAGE,
  ppmToPercent,
  QUOTE_TTL_MINUTES,
} from '../../../shared/pricing.ts';
import type { StoredPriceBreak } from '../../../shared/price-breaks.ts';
import { WRONG_PRODUCT_SKU_MESSAGE } from '../../../shared/purchase.ts';
import { codeKey } from '../../../shared/promotions.ts';
import {
  creditLimitMessage,
  NO_COMPANY_MESSAGE,
  NO_CREDIT_MESSAGE,
} from '../../../shared/companies.ts';
import type { PaymentMethod } from '../../../shared/payment-method.ts';
import { exemptionNote } from '../../../shared/tax-exemption.ts';
import { keptPlan } from '../../db/kept-plan.ts';
import { AppError, Conflict, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import {
  type Exemption,
  methodTaxCents,
  type Pricing,
  type PricingCompany,
  priceOrder,
} from './price-order.ts';
import { contractCents } from './contract-price.ts';
import type { PricingTables } from './pricing-tables.ts';
import type { PromotionState, TypedCode } from './promotion-rules.ts';
import type { TaxProvider } from './tax-provider.ts';

// The pricing step (issue 35, docs/decisions/050): reads the lines to price (the caller's basket,
// or lines given) with the pricing tables' version and the caller's exemption in one query,
// resolves the delivery address, prices (price-order.ts, the only call to an outside service: the
// tax provider) and keeps the answer as a quote. A placement places the quote it is given, or
// prices on the spot.

type Queryable = Pick<Pool, 'query'>;

/** A line given instead of the basket (the purchase form, an accepted quote). */
export interface GivenLine {
  productId: string | null;
  sku?: string | null | undefined;
  quantity: number;
  /** Agreed beforehand (an accepted quote), else the break's for the quantity. */
  unitPriceCents?: number | undefined;
}

/** Where to deliver, as the quote and checkout bodies say it (already parsed). */
export interface Delivery {
  /** Structured (validated per country here), or one line (priced at the origin), or none. */
  address?: PostalAddressBody | string | undefined;
  addressId?: string | undefined;
  shippingMethod?: string | undefined;
  /** Promotion codes typed (docs/decisions/055). */
  codes?: string[] | undefined;
  /** Issue 37: card (the default) or the buyer's company account. */
  paymentMethod?: PaymentMethod | undefined;
  /** The phone of a one-line address (the spec's form). */
  phone?: string | undefined;
}

export interface PricerDeps {
  pool: Queryable;
  tablesAt: (version: number) => Promise<PricingTables>;
  taxProviderFor: (tables: PricingTables) => TaxProvider;
}

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LineRow {
  version: string;
  /** The caller's approved exemption (tax_exemption, one at most), or null. */
  exemption: {
    kind: 'certificate' | 'vat_number';
    vatNumber: string | null;
    country: string | null;
    reviewedAt: string | null;
  } | null;
  position: string | null;
  asked_product_id: string | null;
  variant_id: string | null;
  product_id: string | null;
  sku: string | null;
  label: string | null;
  name: string | null;
  quantity: number | null;
  unit_price: number | null;
  price_cents: number | null;
  price_breaks: StoredPriceBreak[] | null;
  weight_grams: number | null;
  tax_class: TaxClass | null;
  category_id: string | null;
  platform: string | null;
  /** Issue 37: the buyer's company's contract price of the variant, or percent off its category. */
  contract_fixed: number | null;
  contract_bp: number | null;
  /** Issue 37: the buyer's company (on every row), or null. */
  company:
    (Omit<PricingCompany, 'monthSpentCents'> & { monthSpentCents: string | number | null }) | null;
  /** The buyer's promotion state (docs/decisions/055), on every row. */
  promotion_state: {
    hasOrdered: boolean;
    customerUses: Record<string, number>;
    promotionUses: Record<string, number>;
    codes: NonNullable<TypedCode['found']>[];
  } | null;
}

const LINE_COLUMNS = `v.id AS variant_id, v.product_id, v.sku, v.label, p.name, v.price_cents,
  v.price_breaks, v.weight_grams, v.tax_class, p.category_id, p.platform`;

/** Issue 37: the caller's company's price list (a subquery), and a line's contract columns. */
const PRICE_LIST_OF = (userId: string) => `(SELECT ca.price_list_id FROM member m
    JOIN company_account ca ON ca.organization_id = m.organization_id WHERE m.user_id = ${userId})`;
const CONTRACT_COLUMNS = (userId: string) => `(SELECT price_cents FROM price_list_price
    WHERE price_list_id = ${PRICE_LIST_OF(userId)} AND variant_id = v.id) AS contract_fixed,
  (SELECT percent_bp FROM price_list_discount
    WHERE price_list_id = ${PRICE_LIST_OF(userId)} AND category_id = p.category_id) AS contract_bp`;

/** Issue 37: the caller's company as the quote tells it, as a column of the settings' row. */
const COMPANY_SQL = (userId: string) => `(SELECT jsonb_build_object('id', o.id, 'name', o.name,
    'priceListName', pl.name, 'orderLimitCents', m.order_limit_cents,
    'monthLimitCents', m.month_limit_cents,
    'monthSpentCents', CASE WHEN m.month_limit_cents IS NOT NULL
      THEN member_month_spent(m.user_id, m.organization_id) END,
    'creditStatus', coalesce(ca.credit_status, 'none'),
    'creditLimitCents', coalesce(ca.credit_limit_cents, 0),
    'balanceCents', coalesce(ca.balance_cents, 0))
  FROM member m JOIN organization o ON o.id = m.organization_id
    LEFT JOIN company_account ca ON ca.organization_id = m.organization_id
    LEFT JOIN price_list pl ON pl.id = ca.price_list_id
  WHERE m.user_id = ${userId}) AS company`;

/**
 * The buyer's side of the promotions (promotion_state, drizzle/0035: a function, so its plans are
 * kept per connection), once per query.
 */
const PROMOTION_STATE_SQL = (userId: string, codes: string, wanted: string) =>
  `CASE WHEN ${wanted}::boolean THEN (SELECT promotion_state(${userId}, ${codes}::text[]))
    END AS promotion_state`;

/**
 * Whether pricing needs the buyer's promotion state: codes were typed, or an automatic promotion
 * has a condition on the buyer or a limit (a code's only matter when it is typed). Most quotes of a
 * shop without such automatic promotions read none of it.
 */
const needsPromotionState = (tables: PricingTables, codes: readonly string[]) =>
  codes.length > 0 ||
  tables.promotions.some(
    (rule) =>
      rule.status === 'active' &&
      rule.codeMode === 'automatic' &&
      (rule.firstOrderOnly || rule.perCustomerLimit !== null || rule.usageLimit !== null),
  );

/** The caller's approved exemption, as a column of the settings' row. */
const EXEMPTION_SQL = (userId: string) => `(SELECT jsonb_build_object('kind', e.kind,
    'vatNumber', e.vat_number, 'country', e.country, 'reviewedAt', e.reviewed_at)
  FROM tax_exemption e WHERE e.user_id = ${userId} AND e.status = 'approved' LIMIT 1) AS exemption`;

/**
 * The basket's lines with their variants, the tables' version and the caller's exemption (a row
 * of nulls but those: an empty basket).
 */
const BASKET_LINES_SQL = `SELECT s.version::text AS version, ${EXEMPTION_SQL('$1')},
    ${PROMOTION_STATE_SQL('$1', '$2', '$3')}, ${COMPANY_SQL('$1')},
    b.position::text AS position,
    b.product_id AS asked_product_id, b.quantity, NULL::int AS unit_price, ${LINE_COLUMNS},
    ${CONTRACT_COLUMNS('$1')}
  FROM pricing_settings s
  LEFT JOIN basket_line b ON b.user_id = $1
  LEFT JOIN variant v ON v.id = b.variant_id
  LEFT JOIN product p ON p.id = v.product_id
  ORDER BY b.position`;

/** Lines given: each its SKU's variant, or its product's default one. */
const GIVEN_LINES_SQL = `SELECT s.version::text AS version, ${EXEMPTION_SQL('$5')},
    ${PROMOTION_STATE_SQL('$5', '$6', '$7')}, ${COMPANY_SQL('$5')},
    given.position::text AS position,
    given.product_id AS asked_product_id, given.quantity, given.unit_price, ${LINE_COLUMNS},
    ${CONTRACT_COLUMNS('$5')}
  FROM pricing_settings s
  CROSS JOIN unnest($1::uuid[], $2::text[], $3::int[], $4::int[])
    WITH ORDINALITY AS given(product_id, sku, quantity, unit_price, position)
  LEFT JOIN LATERAL (SELECT * FROM variant v WHERE CASE WHEN given.sku IS NULL
      THEN v.product_id = given.product_id ELSE lower(v.sku) = lower(given.sku) END
    ORDER BY v.position, v.id LIMIT 1) AS v ON true
  LEFT JOIN product p ON p.id = v.product_id
  ORDER BY given.position`;

/** The answer's columns (as LineRow), for the functions that keep the reads' plans. */
const LINE_ROW_COLUMNS = [
  ['version', 'text'],
  ['exemption', 'jsonb'],
  ['promotion_state', 'jsonb'],
  ['company', 'jsonb'],
  ['position', 'text'],
  ['asked_product_id', 'uuid'],
  ['quantity', 'integer'],
  ['unit_price', 'integer'],
  ['variant_id', 'uuid'],
  ['product_id', 'uuid'],
  ['sku', 'text'],
  ['label', 'text'],
  ['name', 'text'],
  ['price_cents', 'integer'],
  ['price_breaks', 'jsonb'],
  ['weight_grams', 'integer'],
  ['tax_class', 'text'],
  ['category_id', 'uuid'],
  ['platform', 'text'],
  ['contract_fixed', 'integer'],
  ['contract_bp', 'integer'],
] as const;

/**
 * Issue 38: both reads with their plans kept (src/server/db/kept-plan.ts). Sent as text, the
 * dozen subqueries were planned on every call: 0.66 ms of the database's time for a 0.09 ms read,
 * a fifth of an order's.
 */
const basketLines = keptPlan({
  name: 'pricing_basket_lines',
  sql: BASKET_LINES_SQL,
  params: ['text', 'text[]', 'boolean'],
  columns: LINE_ROW_COLUMNS,
  volatility: 'STABLE',
});
const givenLines = keptPlan({
  name: 'pricing_given_lines',
  sql: GIVEN_LINES_SQL,
  params: ['uuid[]', 'text[]', 'integer[]', 'integer[]', 'text', 'text[]', 'boolean'],
  columns: LINE_ROW_COLUMNS,
  volatility: 'STABLE',
});

/**
 * A line's unit price: agreed beforehand (an accepted quote), else the break of its quantity, then
 * the buyer's company's contract price (contract-price.ts).
 */
const unitCentsOf = (row: LineRow): number => {
  if (row.unit_price !== null) return row.unit_price;
  let unit = row.price_cents ?? 0;
  for (const step of row.price_breaks ?? [])
    if (step.minQuantity <= (row.quantity ?? 0)) unit = step.priceCents;
  return contractCents(unit, { fixedCents: row.contract_fixed, percentBp: row.contract_bp });
};

interface PricingLines {
  version: number;
  exemption: Exemption | null;
  company: PricingCompany | null;
  promotionState: PromotionState;
  rows: LineRow[];
}

/**
 * Reads the lines to price, the tables' version, the buyer's exemption and promotion state in one
 * round trip.
 */
async function readLines(
  db: Queryable,
  userId: string,
  given: GivenLine[] | null,
  typedCodes: readonly string[],
  wantState: boolean,
): Promise<PricingLines> {
  const codeKeys = typedCodes.map(codeKey);
  const { rows } = given
    ? await givenLines.query<LineRow>(db, [
        given.map((line) => (line.productId && UUID.test(line.productId) ? line.productId : null)),
        given.map((line) => line.sku ?? null),
        given.map((line) => line.quantity),
        given.map((line) => line.unitPriceCents ?? null),
        userId,
        codeKeys,
        wantState,
      ])
    : await basketLines.query<LineRow>(db, [userId, codeKeys, wantState]);
  const first = rows[0];
  const exemption = first?.exemption;
  const state = first?.promotion_state;
  const found = state?.codes ?? [];
  return {
    promotionState: {
      now: Date.now(),
      codes: typedCodes.map((text) => ({
        text,
        found: found.find((code) => codeKey(code.code) === codeKey(text)) ?? null,
      })),
      hasOrdered: state?.hasOrdered ?? false,
      customerUses: new Map(Object.entries(state?.customerUses ?? {})),
      promotionUses: new Map(Object.entries(state?.promotionUses ?? {})),
    },
    version: Number(first?.version ?? 0),
    company: first?.company
      ? {
          ...first.company,
          creditLimitCents: Number(first.company.creditLimitCents),
          balanceCents: Number(first.company.balanceCents),
          monthSpentCents: Number(first.company.monthSpentCents ?? 0),
        }
      : null,
    exemption: exemption
      ? {
          kind: exemption.kind,
          country: exemption.country,
          note: exemptionNote(exemption, new Date(exemption.reviewedAt ?? Date.now())),
        }
      : null,
    rows: rows.filter((row) => row.position !== null),
  };
}

const oneLineAddress = (
  text: string,
  caller: Pick<AuthUser, 'name'>,
  phone: string,
  country: string,
): PostalAddress => ({
  name: caller.name,
  company: '',
  line1: text,
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country,
  phone,
});

/** A structured address as given, checked against its country's rules (400 naming each field). */
export function checkedAddress(body: PostalAddressBody, fallbackName: string): PostalAddress {
  const address = normalizeAddress({
    name: body.name?.trim() || fallbackName,
    company: body.company ?? '',
    line1: body.line1,
    line2: body.line2 ?? '',
    city: body.city,
    region: body.region ?? '',
    postalCode: body.postalCode ?? '',
    country: body.country,
    phone: body.phone ?? '',
  });
  const problems = addressProblems(address);
  const [first] = problems;
  if (first)
    throw new AppError(
      400,
      ErrorCode.Validation,
      first.message,
      Object.fromEntries(problems.map((problem) => [problem.field, problem.message])),
    );
  return address;
}

/** The address to price for, and the one line orders print. */
async function deliveryAddress(
  db: Queryable,
  caller: Pick<AuthUser, 'id' | 'name'>,
  delivery: Delivery,
  originCountry: string,
): Promise<{ address: PostalAddress; text: string }> {
  if (delivery.addressId !== undefined) {
    const { rows } = UUID.test(delivery.addressId)
      ? await db.query<{ address: string; phone: string; postal: PostalAddress | null }>(
          // The caller's own saved address, or one of their company's (issue 37).
          `SELECT address, phone, postal FROM saved_address WHERE id = $1 AND user_id = $2
           UNION ALL
           SELECT '', ca.phone, ca.postal FROM company_address ca
             JOIN member m ON m.organization_id = ca.organization_id
           WHERE ca.id = $1 AND m.user_id = $2`,
          [delivery.addressId, caller.id],
        )
      : { rows: [] };
    const [saved] = rows;
    if (!saved) throw new NotFound(ADDRESS_NOT_FOUND_MESSAGE);
    if (saved.postal) return { address: saved.postal, text: addressLine(saved.postal) };
    return {
      address: oneLineAddress(saved.address, caller, saved.phone, originCountry),
      text: saved.address,
    };
  }
  if (typeof delivery.address === 'object') {
    const address = checkedAddress(delivery.address, caller.name);
    return { address, text: addressLine(address) };
  }
  const text = delivery.address ?? '';
  return { address: oneLineAddress(text, caller, delivery.phone ?? '', originCountry), text };
}

export interface Pricer {
  /**
   * Prices the caller's basket (`given` null) or the lines given, for a delivery. Lines whose
   * variant cannot be found are left out (the order statement refuses them by name); with
   * `strict`, they are refused here (the quote endpoint).
   */
  price(
    caller: Pick<AuthUser, 'id' | 'name'>,
    delivery: Delivery,
    given: GivenLine[] | null,
    options?: { strict?: boolean },
  ): Promise<Pricing>;
  /** POST /api/checkout/quote: prices and keeps the answer for QUOTE_TTL_MINUTES. */
  quote(
    caller: Pick<AuthUser, 'id' | 'name'>,
    delivery: Delivery,
    given: GivenLine[] | null,
  ): Promise<CheckoutQuote>;
  /**
   * What a placement places: the quote `quoteId` (the caller's, not expired; else 409 "Prices
   * changed"), or, without one, the lines priced now.
   */
  forPlacement(
    caller: Pick<AuthUser, 'id' | 'name'>,
    delivery: Delivery & { quoteId?: string | undefined },
    given: GivenLine[] | null,
  ): Promise<Pricing>;
}

export function createPricer(deps: PricerDeps): Pricer {
  const price: Pricer['price'] = async (caller, delivery, given, options = {}) => {
    const codes = delivery.codes ?? [];
    // The tables in memory say whether the buyer's promotion state is needed; when the tables read
    // with the lines are newer and need it after all, the lines are read again with it.
    const wantState = needsPromotionState(await deps.tablesAt(0), codes);
    let lines = await readLines(deps.pool, caller.id, given, codes, wantState);
    const tables = await deps.tablesAt(lines.version);
    if (!wantState && needsPromotionState(tables, codes))
      lines = await readLines(deps.pool, caller.id, given, codes, true);
    const { address, text } = await deliveryAddress(
      deps.pool,
      caller,
      delivery,
      tables.originCountry,
    );
    const found = lines.rows.filter((row) => row.variant_id !== null && row.product_id !== null);
    if (options.strict) {
      if (lines.rows.length === 0) throw new Conflict(BASKET_EMPTY_MESSAGE);
      const missing = lines.rows.find((row) => row.variant_id === null || row.product_id === null);
      if (missing && given) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
      const wrong = lines.rows.find(
        (row) => given && row.product_id !== null && row.product_id !== row.asked_product_id,
      );
      if (wrong) throw new AppError(400, ErrorCode.Validation, WRONG_PRODUCT_SKU_MESSAGE);
    }
    const paymentMethod = delivery.paymentMethod ?? 'card';
    const pricing = await priceOrder({
      lines: found.map((row) => ({
        productId: row.product_id ?? '',
        variantId: row.variant_id ?? '',
        sku: row.sku ?? '',
        name: row.name ?? '',
        variantLabel: row.label ?? '',
        quantity: row.quantity ?? 0,
        unitCents: unitCentsOf(row),
        weightGrams: row.weight_grams ?? 0,
        taxClass: row.tax_class ?? 'standard',
        categoryId: row.category_id,
        platform: row.platform,
        agreed: row.unit_price !== null,
      })),
      address,
      addressText: text,
      methodId: delivery.shippingMethod,
      tables,
      taxProvider: deps.taxProviderFor(tables),
      exemption: lines.exemption,
      promotionState: lines.promotionState,
    });
    const priced = { ...pricing, paymentMethod, company: lines.company };
    if (options.strict) {
      const refused = creditRefusal(priced);
      if (refused) throw refused;
    }
    return priced;
  };

  return {
    price,
    async quote(caller, delivery, given) {
      const pricing = await price(caller, delivery, given, { strict: true });
      const { rows } = await deps.pool.query<{ id: string; expires_at: Date }>(
        `INSERT INTO checkout_quote (user_id, pricing, expires_at)
         VALUES ($1, $2::jsonb, now() + make_interval(mins => $3)) RETURNING id, expires_at`,
        [caller.id, JSON.stringify(pricing), QUOTE_TTL_MINUTES],
      );
      const [row] = rows;
      if (!row) throw new Error('the quote was not kept');
      return toCheckoutQuote(pricing, row.id, row.expires_at);
    },
    async forPlacement(caller, delivery, given) {
      if (delivery.quoteId === undefined) return price(caller, delivery, given);
      const { rows } = UUID.test(delivery.quoteId)
        ? await deps.pool.query<{ pricing: Pricing }>(
            `SELECT pricing FROM checkout_quote
             WHERE id = $1 AND user_id = $2 AND expires_at > now()`,
            [delivery.quoteId, caller.id],
          )
        : { rows: [] };
      const pricing = rows[0]?.pricing;
      if (
        !pricing ||
        (delivery.shippingMethod !== undefined && delivery.shippingMethod !== pricing.method.id) ||
        (delivery.codes !== undefined && !sameCodes(delivery.codes, pricing.codes)) ||
        (delivery.paymentMethod ?? 'card') !== (pricing.paymentMethod ?? 'card')
      )
        throw new Conflict(PRICES_CHANGED_MESSAGE);
      return pricing;
    },
  };
}

/** Whether two lists of typed codes name the same codes (case and order aside). */
const sameCodes = (a: readonly string[], b: readonly string[]) => {
  const keys = (codes: readonly string[]) => [...new Set(codes.map(codeKey))].sort().join(' ');
  return keys(a) === keys(b);
};

/**
 * Issue 37: a checkout on account the company could not pay as priced (409, field
 * `paymentMethod`): no company, no approved credit, or above what is left of the limit. The order
 * statement decides again on the company's locked row (ADR 059).
 */
export function creditRefusal(pricing: Pricing): AppError | null {
  if (pricing.paymentMethod !== 'account') return null;
  const { company } = pricing;
  const message = !company
    ? NO_COMPANY_MESSAGE
    : company.creditStatus !== 'approved'
      ? NO_CREDIT_MESSAGE
      : company.balanceCents + pricing.totalCents > company.creditLimitCents
        ? creditLimitMessage(company.creditLimitCents - company.balanceCents)
        : null;
  return message ? new Conflict(message, { paymentMethod: message }) : null;
}

/** Whether the order would wait for an approver, as the buyer's limits stand now. */
const approvalRequired = (company: PricingCompany, totalCents: number) =>
  (company.orderLimitCents !== null && totalCents > company.orderLimitCents) ||
  (company.monthLimitCents !== null &&
    company.monthSpentCents + totalCents > company.monthLimitCents);

/** A pricing as the API answers it (dollars). */
export function toCheckoutQuote(pricing: Pricing, quoteId: string, expiresAt: Date): CheckoutQuote {
  const option = (choice: Pricing['method']) => ({
    id: choice.id,
    name: choice.name,
    deliveryText: choice.deliveryText,
    price: centsToDollars(choice.priceCents),
    tax: centsToDollars(methodTaxCents(pricing, choice)),
    collect: choice.collect,
  });
  return {
    quoteId,
    expiresAt: expiresAt.toISOString(),
    paymentMethod: pricing.paymentMethod ?? 'card',
    company: pricing.company
      ? {
          id: pricing.company.id,
          name: pricing.company.name,
          approvalRequired: approvalRequired(pricing.company, pricing.totalCents),
          creditAvailable:
            pricing.company.creditStatus === 'approved'
              ? centsToDollars(
                  Math.max(0, pricing.company.creditLimitCents - pricing.company.balanceCents),
                )
              : null,
          priceList: pricing.company.priceListName,
        }
      : null,
    address: pricing.address,
    lines: pricing.lines.map((line) => ({
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      variantLabel: line.variantLabel,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitCents),
      discount: centsToDollars(line.discountCents),
      lineTotal: centsToDollars(line.netCents),
      tax: centsToDollars(line.taxCents),
      taxRate: ppmToPercent(line.taxRatePpm),
    })),
    shippingMethods: pricing.methods.map(option),
    shippingMethod: { ...option(pricing.method), tax: centsToDollars(pricing.shippingTaxCents) },
    subtotal: centsToDollars(pricing.subtotalCents),
    discount: centsToDollars(pricing.discountCents),
    promotions: pricing.promotions.map((promotion) => ({
      id: promotion.promotionId,
      name: promotion.name,
      code: promotion.code,
      kind: promotion.kind,
      discount: centsToDollars(promotion.discountCents),
      shippingDiscount: centsToDollars(promotion.shippingDiscountCents),
      lines: pricing.lines
        .map((line, index) => ({
          productId: line.productId,
          sku: line.sku,
          discount: centsToDollars(promotion.lineDiscounts[index] ?? 0),
        }))
        .filter((line) => line.discount > 0),
    })),
    shipping: centsToDollars(pricing.shippingCents),
    tax: centsToDollars(pricing.taxCents),
    total: centsToDollars(pricing.totalCents),
    weightGrams: pricing.weightGrams,
    pricesIncludeTax: pricing.pricesIncludeTax,
    taxNote: pricing.taxNote,
  };
}

/** Deletes quotes past their expiry (run with the other sweeps of short-lived keys). */
export async function sweepCheckoutQuotes(db: Queryable): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM checkout_quote WHERE expires_at < now()');
  return rowCount ?? 0;
}
