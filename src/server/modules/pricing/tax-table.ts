import type { TaxClass } from '../../../shared/postal-address.ts';
import { taxOn } from '../../../shared/pricing.ts';
import { type PricingTables, taxKey, type TaxRow } from './pricing-tables.ts';
import type { TaxAnswer, TaxInput, TaxProvider } from './tax-provider.ts';

// The built-in tax table (issue 35, docs/decisions/050): the region's row (a US state, a Canadian
// province) where there is one, else the country's; nothing is charged where the row is missing
// or the shop does not collect. Each line's tax is rounded to the cent on its own (`taxOn`).

/** The row that taxes an address, or undefined where the shop collects no tax. */
export function taxRowFor(
  tables: Pick<PricingTables, 'taxRows'>,
  country: string,
  region: string,
): TaxRow | undefined {
  const row =
    (region ? tables.taxRows.get(taxKey(country, region)) : undefined) ??
    tables.taxRows.get(taxKey(country, ''));
  return row?.collect ? row : undefined;
}

/**
 * A class's rate in a row: exempt pays none; reduced pays the reduced rate where the row has one
 * (EU/UK VAT), else the standard one (a US state has no reduced rate).
 */
export function rateOf(row: TaxRow | undefined, taxClass: TaxClass): number {
  if (!row || taxClass === 'exempt') return 0;
  return taxClass === 'reduced' && row.reducedPpm > 0 ? row.reducedPpm : row.standardPpm;
}

/** Whether prices are shown with tax included in a country (its country row says). */
export const pricesIncludeTaxIn = (tables: Pick<PricingTables, 'taxRows'>, country: string) =>
  tables.taxRows.get(taxKey(country, ''))?.pricesIncludeTax ?? false;

/** The answer of the built-in table for one checkout. */
export function taxFromTable(tables: Pick<PricingTables, 'taxRows'>, input: TaxInput): TaxAnswer {
  const row = taxRowFor(tables, input.address.country, input.address.region);
  const shippingRatePpm = row?.taxShipping ? row.standardPpm : 0;
  return {
    lines: input.lines.map((line) => {
      const ratePpm = rateOf(row, line.taxClass);
      return { key: line.key, taxCents: taxOn(line.netCents, ratePpm), ratePpm };
    }),
    shippingTaxCents: taxOn(input.shippingCents, shippingRatePpm),
    shippingRatePpm,
    pricesIncludeTax: pricesIncludeTaxIn(tables, input.address.country),
  };
}

/** The built-in provider over the tables the pricing step read. */
export const builtinTaxProvider = (tables: Pick<PricingTables, 'taxRows'>): TaxProvider => ({
  name: 'builtin',
  calculate: (input) => Promise.resolve(taxFromTable(tables, input)),
});
