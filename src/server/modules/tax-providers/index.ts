// The face of modules/tax-providers: the outside tax services behind the pricing step's
// TaxProvider (issue 35; ADR 044, 053). Other parts import from here, never from a file behind it.
export { taxProviderForOf, taxProviderOf } from './provider-of-config.ts';
export {
  STRIPE_TAX_DEADLINE_MS,
  stripeTaxProvider,
  type StripeTaxOptions,
} from './stripe-tax-provider.ts';
export {
  type StripeTaxSettings,
  type TaxProvidersConfig,
  taxProvidersConfigOf,
} from './tax-providers.config.ts';
export { vatIncludedCountry } from './vat-included.ts';
