import type { FastifyBaseLogger } from 'fastify';
import type { TaxProvider } from '../pricing/tax-provider.ts';
import { stripeTaxProvider } from './stripe-tax-provider.ts';
import type { TaxProvidersConfig } from './tax-providers.config.ts';

/**
 * The instance's tax provider (TAX_PROVIDER): Stripe Tax, or the given built-in one (the tax
 * table, which the pricing module owns). Built once at the composition root (services.ts) and
 * handed to the pricing step; a failed Stripe Tax call is logged as a warning.
 */
export function taxProviderOf(
  config: TaxProvidersConfig,
  builtin: TaxProvider,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): TaxProvider {
  if (config.taxProvider !== 'stripe') return builtin;
  if (!config.stripeTax) throw new Error('TAX_PROVIDER=stripe without Stripe settings');
  return stripeTaxProvider(config.stripeTax, {
    deadlineMs: Math.round(config.taxTimeoutSeconds * 1000),
    onFailure: (error) => log?.warn({ err: error }, 'Stripe Tax call failed'),
  });
}
