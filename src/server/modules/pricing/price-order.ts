import { ErrorCode } from '../../../shared/errors.ts';
import type { PaymentMethod } from '../../../shared/payment-method.ts';
import type { PostalAddress, TaxClass } from '../../../shared/postal-address.ts';
import {
  NO_SHIPPING_MESSAGE,
  SHIPPING_METHOD_UNAVAILABLE_MESSAGE,
  TAX_UNAVAILABLE_MESSAGE,
  taxOn,
} from '../../../shared/pricing.ts';
import { vatAreaOf } from '../../../shared/tax-exemption.ts';
import { AppError, ServiceUnavailable } from '../../errors.ts';
import { allocateCents } from './allocate-cents.ts';
import { applyPromotions } from './apply-promotions.ts';
import type { AppliedPromotionCents, PromotionState } from './promotion-rules.ts';
import type { PricingTables } from './pricing-tables.ts';
import { type ShippingChoice, shippingChoices } from './shipping-options.ts';
import { pricesIncludeTaxIn } from './tax-table.ts';
import { type TaxProvider, TaxUnavailable } from './tax-provider.ts';

// The pricing pipeline (ARCHITECTURE §0, docs/decisions/050): lines at their unit prices (a break's
// or an agreed one), promotions' discounts allocated to the lines (docs/decisions/055), shipping for the address and the order, tax per line and
// on shipping, the total. Pure but for the tax provider's call; the pricing step keeps its answer
// (a quote) and the order statement places exactly that.

/** A line to price, as read from the variant (unit price already the break's or agreed). */
export interface PricingLineInput {
  productId: string;
  variantId: string;
  sku: string;
  name: string;
  variantLabel: string;
  quantity: number;
  unitCents: number;
  /** Per unit. */
  weightGrams: number;
  taxClass: TaxClass;
  /** What promotions target: the product's category and battery platform. */
  categoryId: string | null;
  platform: string | null;
  /** The unit price was agreed beforehand (an accepted quote): no promotion applies. */
  agreed: boolean;
}

export interface PricedLine extends PricingLineInput {
  discountCents: number;
  /** unit × quantity − discount. */
  netCents: number;
  taxCents: number;
  taxRatePpm: number;
  /** Its share of the shipping and of the shipping's tax, to the cent. */
  shippingCents: number;
  shippingTaxCents: number;
}

/** What a quote holds (cents), and what the order statement places. */
export interface Pricing {
  /** The pricing tables' version it was made with (the statement compares it). */
  version: number;
  address: PostalAddress;
  /** The address as one line, as orders print it. */
  addressText: string;
  lines: PricedLine[];
  /** The codes the buyer typed (a placement with other codes is priced again). */
  codes: string[];
  /** The promotions applied, in the order applied, each allocated per line. */
  promotions: AppliedPromotionCents[];
  methods: ShippingChoice[];
  method: ShippingChoice;
  shippingRatePpm: number;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  /** The lines' and the shipping's. */
  taxCents: number;
  totalCents: number;
  weightGrams: number;
  pricesIncludeTax: boolean;
  taxNote: string | null;
  /**
   * Issue 37 (ADR 059): how it is to be paid, and the buyer's company as the pricing step saw it
   * (set by the pricer; a quote kept before issue 37 has neither: card, no company).
   */
  paymentMethod?: PaymentMethod;
  company?: PricingCompany | null;
}

/** The buyer's company when priced (issue 37): what the quote tells the buyer. */
export interface PricingCompany {
  id: string;
  name: string;
  priceListName: string | null;
  orderLimitCents: number | null;
  monthLimitCents: number | null;
  /** Spent this month as the company (read only when there is a monthly limit; else 0). */
  monthSpentCents: number;
  creditStatus: 'none' | 'approved' | 'suspended';
  creditLimitCents: number;
  balanceCents: number;
}

/** An approved exemption of the buyer's (tax-exemptions): which tax it lifts, and its note. */
export interface Exemption {
  kind: 'certificate' | 'vat_number';
  note: string;
  /** A VAT number's country (its VAT area is where it lifts VAT); null for a certificate. */
  country?: string | null;
}

export interface PriceOrderInput {
  lines: PricingLineInput[];
  address: PostalAddress;
  addressText: string;
  /** The method asked for; undefined: the cheapest that applies. */
  methodId?: string | undefined;
  tables: PricingTables;
  taxProvider: TaxProvider;
  exemption: Exemption | null;
  /** The buyer's codes, uses and first order, read with the lines. */
  promotionState: PromotionState;
}

/**
 * Whether an exemption lifts the tax at a destination: a resale certificate lifts sales tax
 * (countries whose prices are shown without tax); a VAT number lifts VAT (reverse charge) in its
 * own VAT area only (an EU number in the EU, a GB number in the UK).
 */
function exemptionApplies(exemption: Exemption | null, country: string, vatCountry: boolean) {
  if (!exemption) return false;
  if (exemption.kind === 'certificate') return !vatCountry;
  const area = vatAreaOf(country);
  return vatCountry && area !== null && area === vatAreaOf(exemption.country ?? '');
}

export async function priceOrder(input: PriceOrderInput): Promise<Pricing> {
  const { address, tables } = input;
  const gross = input.lines.map((line) => line.unitCents * line.quantity);
  const subtotalCents = gross.reduce((a, b) => a + b, 0);
  const promotions = applyPromotions(input.lines, tables.promotions, input.promotionState);
  const nets = gross.map((cents, index) => cents - (promotions.lineDiscounts[index] ?? 0));
  const discountCents = subtotalCents - nets.reduce((a, b) => a + b, 0);
  const weightGrams = input.lines.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const priced = shippingChoices(tables, address, weightGrams, subtotalCents - discountCents);
  const methods = promotions.freeShipping
    ? priced.map((choice) => ({ ...choice, priceCents: 0 }))
    : priced;
  if (methods.length === 0)
    throw new AppError(400, ErrorCode.Validation, NO_SHIPPING_MESSAGE, {
      country: NO_SHIPPING_MESSAGE,
    });
  const method =
    input.methodId === undefined
      ? methods[0]
      : methods.find((choice) => choice.id === input.methodId);
  if (!method)
    throw new AppError(400, ErrorCode.Validation, SHIPPING_METHOD_UNAVAILABLE_MESSAGE, {
      shippingMethod: SHIPPING_METHOD_UNAVAILABLE_MESSAGE,
    });

  const vatCountry = pricesIncludeTaxIn(tables, address.country);
  const exempt = exemptionApplies(input.exemption, address.country, vatCountry);
  let tax = {
    lines: input.lines.map(() => ({ taxCents: 0, ratePpm: 0 })),
    shippingTaxCents: 0,
    shippingRatePpm: 0,
  };
  if (!exempt) {
    const answer = await input.taxProvider
      .calculate({
        address,
        lines: input.lines.map((line, index) => ({
          key: String(index),
          sku: line.sku,
          quantity: line.quantity,
          netCents: nets[index] ?? 0,
          taxClass: line.taxClass,
        })),
        shippingCents: method.priceCents,
      })
      .catch((error: unknown) => {
        throw error instanceof TaxUnavailable
          ? new ServiceUnavailable(TAX_UNAVAILABLE_MESSAGE)
          : error;
      });
    const byKey = new Map(answer.lines.map((line) => [line.key, line]));
    tax = {
      lines: input.lines.map((_, index) => {
        const line = byKey.get(String(index));
        if (!line) throw new ServiceUnavailable(TAX_UNAVAILABLE_MESSAGE);
        return { taxCents: line.taxCents, ratePpm: line.ratePpm };
      }),
      shippingTaxCents: answer.shippingTaxCents,
      shippingRatePpm: answer.shippingRatePpm,
    };
  }

  const shippingSaved = priced.find((choice) => choice.id === method.id)?.priceCents ?? 0;
  const shippingShares = allocateCents(method.priceCents, nets);
  const shippingTaxShares = allocateCents(tax.shippingTaxCents, nets);
  const lines: PricedLine[] = input.lines.map((line, index) => ({
    ...line,
    discountCents: promotions.lineDiscounts[index] ?? 0,
    netCents: nets[index] ?? 0,
    taxCents: tax.lines[index]?.taxCents ?? 0,
    taxRatePpm: tax.lines[index]?.ratePpm ?? 0,
    shippingCents: shippingShares[index] ?? 0,
    shippingTaxCents: shippingTaxShares[index] ?? 0,
  }));
  const lineTax = lines.reduce((sum, line) => sum + line.taxCents, 0);
  const taxCents = lineTax + tax.shippingTaxCents;
  return {
    version: tables.version,
    address,
    addressText: input.addressText,
    lines,
    codes: input.promotionState.codes.map((code) => code.text),
    // The first free-shipping promotion applied is the one that saved the shipping.
    promotions: promotions.applied.map((promotion) =>
      promotion === promotions.applied.find((one) => one.kind === 'free_shipping')
        ? { ...promotion, shippingDiscountCents: shippingSaved }
        : promotion,
    ),
    methods,
    method,
    shippingRatePpm: tax.shippingRatePpm,
    subtotalCents,
    discountCents,
    shippingCents: method.priceCents,
    shippingTaxCents: tax.shippingTaxCents,
    taxCents,
    totalCents: subtotalCents - discountCents + method.priceCents + taxCents,
    weightGrams,
    pricesIncludeTax: vatCountry,
    taxNote: exempt ? (input.exemption?.note ?? null) : null,
  };
}

/** The tax a method would carry at this address (the rate the chosen one was taxed at). */
export const methodTaxCents = (pricing: Pricing, choice: ShippingChoice) =>
  taxOn(choice.priceCents, pricing.shippingRatePpm);
