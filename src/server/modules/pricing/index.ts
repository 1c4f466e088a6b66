// The face of modules/pricing (issue 35): the pricing step and what the order statement places.
export { allocateCents } from './allocate-cents.ts';
export { contractCents } from './contract-price.ts';
export { type Exemption, type PricedLine, type Pricing, priceOrder } from './price-order.ts';
export {
  createPricer,
  type Delivery,
  type GivenLine,
  type Pricer,
  sweepCheckoutQuotes,
  toCheckoutQuote,
} from './pricing.service.ts';
export { pricingRoutes } from './pricing.routes.ts';
export { loadPricingTables, type PricingTables, pricingTablesCache } from './pricing-tables.ts';
export { type ShippingChoice, shippingChoices, UNCONFIGURED_SHIPPING } from './shipping-options.ts';
export { builtinTaxProvider, taxFromTable } from './tax-table.ts';
export {
  type TaxAnswer,
  type TaxInput,
  type TaxLineInput,
  type TaxProvider,
  TaxUnavailable,
} from './tax-provider.ts';
