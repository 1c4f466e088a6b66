import type {
  CodeMode,
  PromotionKind,
  PromotionStatus,
  TargetKind,
} from '../../../shared/promotions.ts';

// What the pricing step knows of promotions (docs/decisions/055): the definitions, loaded with the
// pricing tables per version, and per request the buyer's state (codes typed, uses, first order).

/** A promotion as the pricing tables hold it (the `promotion` row; times in epoch ms). */
export interface PromotionRule {
  id: string;
  name: string;
  kind: PromotionKind;
  /** percent_off; buy_x_get_y: Y's percent off. Parts per million (1,000,000: 100%). */
  percentPpm: number | null;
  amountCents: number | null;
  targetKind: TargetKind;
  targetIds: string[];
  buyKind: TargetKind | null;
  buyIds: string[];
  buyQuantity: number | null;
  getQuantity: number | null;
  minSubtotalCents: number | null;
  minQuantity: number | null;
  firstOrderOnly: boolean;
  startsAt: number | null;
  endsAt: number | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  exclusive: boolean;
  priority: number;
  codeMode: CodeMode;
  status: PromotionStatus;
  createdAt: number;
}

/** A code the buyer typed, and the `promotion_code` row it names (null: no such code). */
export interface TypedCode {
  /** As typed. */
  text: string;
  found: {
    codeId: string;
    /** As the shop stores it. */
    code: string;
    promotionId: string;
    maxUses: number | null;
    uses: number;
  } | null;
}

/** The buyer's side of the conditions, read with the lines. */
export interface PromotionState {
  /** Epoch ms the promotions' dates are judged at. */
  now: number;
  codes: TypedCode[];
  /** The buyer has an order that is not cancelled or expired. */
  hasOrdered: boolean;
  /** The buyer's unreleased uses, by promotion id. */
  customerUses: ReadonlyMap<string, number>;
  /** Uses of each promotion with a usage limit, by id. */
  promotionUses: ReadonlyMap<string, number>;
}

/** What a line brings to the promotions' targets. */
export interface PromotionLine {
  productId: string;
  sku: string;
  categoryId: string | null;
  platform: string | null;
  quantity: number;
  unitCents: number;
  /** An agreed unit price (an accepted quote): takes no promotion. */
  agreed: boolean;
}

/** A promotion applied: its discount per line (in the lines' order), to the cent. */
export interface AppliedPromotionCents {
  promotionId: string;
  name: string;
  kind: PromotionKind;
  code: string | null;
  codeId: string | null;
  /** Per line, in the order of the lines given; sums to `discountCents`. */
  lineDiscounts: number[];
  discountCents: number;
  /** free_shipping: set by the pricing step once the method is chosen (its price before). */
  shippingDiscountCents: number;
  /** Its row must be locked to claim a use (a usage limit), or its code's (single use). */
  limited: boolean;
}

export interface PromotionOutcome {
  applied: AppliedPromotionCents[];
  /** Per line, every applied promotion's share summed. */
  lineDiscounts: number[];
  /** A free-shipping promotion applied. */
  freeShipping: boolean;
}
