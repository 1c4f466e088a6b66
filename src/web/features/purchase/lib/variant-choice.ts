import { isForSale } from '../../../../shared/for-sale.ts';
import type { Product, ProductDetail } from '../../../../shared/product.ts';
import { sameSku, type Variant } from '../../../../shared/variant.ts';

// The product page's variant (issue 34): which one the URL's `?sku=` chooses, the product as that
// variant sells it, and what each option's values lead to in the picker. No zod here: the page's
// server-rendered part reads it.

/** The URL's search parameter naming the chosen variant. */
export const SKU_PARAM = 'sku';

/** The variant `sku` names (any letters' case), else the default one (the first); none: null. */
export function chosenVariant(product: ProductDetail, sku: string | null): Variant | null {
  const named = sku ? product.variants.find((variant) => sameSku(variant.sku, sku)) : undefined;
  return named ?? product.variants[0] ?? null;
}

/**
 * The product as `variant` sells it: its price (and sale price), breaks, minimum, stock, recall and SKU, and its own
 * pictures when it has some. Without a variant (an answer without the list): the product as it is.
 */
export function asVariant(product: Product, variant: Variant | null): Product {
  if (!variant) return product;
  const [ownFirst, ...ownRest] = variant.images;
  return {
    ...product,
    sku: variant.sku,
    price: variant.price,
    priceBreaks: variant.priceBreaks,
    minQuantity: variant.minQuantity,
    availableQuantity: variant.availableQuantity,
    withdrawn: variant.withdrawn,
    salePrice: variant.salePrice,
    salePromotion: variant.salePromotion,
    ...(ownFirst !== undefined && { img: ownFirst, images: ownRest }),
  };
}

/** What choosing one value of an option leads to. */
export interface OptionChoice {
  value: string;
  /** The variant the choice selects; null: no variant has this value with the choices made. */
  variant: Variant | null;
  /** Whether it is the value of the chosen variant. */
  checked: boolean;
  /** Why that variant cannot be ordered now, for its label; null when it can. */
  unavailable: 'out of stock' | 'withdrawn' | null;
}

export interface OptionGroup {
  name: string;
  choices: OptionChoice[];
}

/** Whether a variant can be ordered now: why not, or null. */
export function unavailability(variant: Variant): OptionChoice['unavailable'] {
  if (variant.withdrawn) return 'withdrawn';
  return isForSale(variant) ? null : 'out of stock';
}

const matches = (variant: Variant, values: Readonly<Record<string, string>>) =>
  Object.entries(values).every(([name, value]) => variant.optionValues[name] === value);

/**
 * The picker's groups, one per option, for the chosen variant. A value leads to the variant with
 * that value and the chosen values of the options before it, keeping the later options' values
 * when that combination exists, else the first such variant: every variant is reachable from
 * any other, and the first option's values are never a dead end. A value that exists with none of
 * the earlier choices leads nowhere (disabled, never hidden).
 */
export function optionGroups(product: ProductDetail, chosen: Variant): OptionGroup[] {
  const { options, variants } = product;
  return options.map((option, index) => {
    const earlier: Record<string, string> = {};
    for (const before of options.slice(0, index)) {
      const value = chosen.optionValues[before.name];
      if (value !== undefined) earlier[before.name] = value;
    }
    return {
      name: option.name,
      choices: option.values.map((value) => {
        const wanted = { ...chosen.optionValues, [option.name]: value };
        const variant =
          variants.find((candidate) => matches(candidate, wanted)) ??
          variants.find((candidate) => matches(candidate, { ...earlier, [option.name]: value })) ??
          null;
        return {
          value,
          variant,
          checked: chosen.optionValues[option.name] === value,
          unavailable: variant ? unavailability(variant) : null,
        };
      }),
    };
  });
}
