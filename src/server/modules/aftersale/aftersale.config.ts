/** The configuration after-sale reads (config.ts parses it; ADR 046). */
export interface AftersaleConfig {
  /** How long a registered unit's warranty lasts from the order's paid date (WARRANTY_YEARS). */
  warrantyYears: number;
}

export const aftersaleConfigOf = (config: AftersaleConfig): AftersaleConfig => ({
  warrantyYears: config.warrantyYears,
});
