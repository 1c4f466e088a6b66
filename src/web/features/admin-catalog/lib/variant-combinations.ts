import { SKU_MAX, sameSku } from '../../../../shared/variant.ts';

/** An option as the editor holds it once checked: its name and its values, in order. */
export interface OptionChoice {
  name: string;
  values: readonly string[];
}

/**
 * Every combination of the options' values, the first option varying slowest (12V · Bare tool,
 * 12V · Kit, 18V · Bare tool, 18V · Kit). Each combination lists one value per option, in the
 * options' order. No options: one empty combination (the product's only variant).
 */
export function optionCombinations(options: readonly OptionChoice[]): string[][] {
  return options.reduce<string[][]>(
    (combinations, option) =>
      combinations.flatMap((combination) => option.values.map((value) => [...combination, value])),
    [[]],
  );
}

/** A SKU's characters from a value: letters, digits, `-`, `_`, `.`; anything else becomes `-`. */
function skuPart(value: string): string {
  return value
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A SKU suggested for a new variant: the product's default SKU and the values, joined by `-`
 * ("TH-00042-18V-Kit"), at most SKU_MAX characters, and not one of `taken` (case-insensitively):
 * a number is added when it is ("TH-00042-18V-Kit-2").
 */
export function suggestSku(baseSku: string, values: readonly string[], taken: readonly string[]) {
  const stem = [baseSku, ...values.map(skuPart)].filter((part) => part !== '').join('-');
  const isTaken = (sku: string) => taken.some((other) => sameSku(other, sku));
  const first = stem.slice(0, SKU_MAX);
  if (!isTaken(first)) return first;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const sku = `${stem.slice(0, SKU_MAX - suffix.length)}${suffix}`;
    if (!isTaken(sku)) return sku;
  }
}

/** A variant as generation sees it: its SKU and its value of each option ('' = none chosen). */
export interface VariantChoice {
  sku: string;
  values: readonly string[];
}

export interface GenerationPlan {
  /** Existing variants (by index) that lacked a value and get the missing ones. */
  completed: { index: number; values: string[] }[];
  /** New variants, one per combination no variant has. */
  added: { sku: string; values: string[] }[];
}

/**
 * What "Generate variants" does: for each combination of the options' values that no variant
 * has, an existing variant with a value missing (a product's only variant when its first option
 * is added, or every variant when another option is added) takes it when its chosen values agree;
 * otherwise a new variant is added with a suggested SKU. Existing variants keep their SKU (their
 * orders keep pointing at them). Values a variant has that are no longer an option's are left to
 * the form's checks.
 */
export function planGeneration(
  baseSku: string,
  options: readonly OptionChoice[],
  variants: readonly VariantChoice[],
): GenerationPlan {
  const key = (values: readonly string[]) => JSON.stringify(values);
  const complete = (values: readonly string[]) =>
    options.every((option, index) => option.values.includes(values[index] ?? ''));
  const have = new Set(
    variants
      .filter(({ values }) => complete(values))
      .map(({ values }) => key(values.slice(0, options.length))),
  );
  const incomplete = variants
    .map((variant, index) => ({ ...variant, index }))
    .filter(({ values }) => !complete(values));
  const taken = variants.map(({ sku }) => sku);
  const plan: GenerationPlan = { completed: [], added: [] };

  for (const combination of optionCombinations(options)) {
    if (have.has(key(combination))) continue;
    have.add(key(combination));
    const fits = incomplete.findIndex(({ values }) =>
      options.every((_, index) => {
        const value = values[index] ?? '';
        return value === '' || value === combination[index];
      }),
    );
    if (fits >= 0) {
      const [variant] = incomplete.splice(fits, 1);
      if (variant) {
        plan.completed.push({ index: variant.index, values: combination });
        continue;
      }
    }
    const sku = suggestSku(baseSku, combination, taken);
    taken.push(sku);
    plan.added.push({ sku, values: combination });
  }
  return plan;
}
