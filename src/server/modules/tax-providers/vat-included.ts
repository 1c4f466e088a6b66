// Where shown prices include tax (issue 35): the EU member states, the United Kingdom, Norway and
// Switzerland show VAT-inclusive prices to consumers; elsewhere (the US, Canada, ...) tax is added
// on top. The built-in table keeps this per country row; Stripe Tax does not say it, so its
// provider asks here.

const VAT_INCLUDED = new Set([
  // The 27 EU member states (ISO 3166-1; Greece is GR).
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE'],
  ...['IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
  'GB',
  'NO',
  'CH',
]);

/** True where prices are shown with VAT included (EU, GB, NO, CH); false where tax is added. */
export function vatIncludedCountry(country: string): boolean {
  return VAT_INCLUDED.has(country.trim().toUpperCase());
}
