import type { FastifyBaseLogger } from 'fastify';
import type { TaxProvider } from '../pricing/index.ts';
import { stripeTaxProvider } from './stripe-tax-provider.ts';
import type { TaxProvidersConfig } from './tax-providers.config.ts';

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** Stripe Tax as configured; a failed call is logged as a warning (the checkout answers 503). */
function configuredStripeTax(config: TaxProvidersConfig, log: Log | undefined): TaxProvider {
  if (!config.stripeTax) throw new Error('TAX_PROVIDER=stripe without Stripe settings');
  return stripeTaxProvider(config.stripeTax, {
    deadlineMs: Math.round(config.taxTimeoutSeconds * 1000),
    onFailure: (error) => log?.warn({ err: error }, 'Stripe Tax call failed'),
  });
}

/**
 * The instance's tax provider (TAX_PROVIDER): Stripe Tax, or the given built-in one (the tax
 * table, which the pricing module owns). Built once at the composition root (services.ts) and
 * handed to the pricing step.
 */
export function taxProviderOf(
  config: TaxProvidersConfig,
  builtin: TaxProvider,
  log?: Log,
): TaxProvider {
  return config.taxProvider === 'stripe' ? configuredStripeTax(config, log) : builtin;
}

/**
 * The same choice for a pricing step that builds its built-in provider per set of tables
 * (`taxProviderFor(tables)`): the built-in one as given, or one Stripe Tax client for every call.
 */
export function taxProviderForOf<Tables>(
  config: TaxProvidersConfig,
  builtinFor: (tables: Tables) => TaxProvider,
  log?: Log,
): (tables: Tables) => TaxProvider {
  if (config.taxProvider !== 'stripe') return builtinFor;
  const stripe = configuredStripeTax(config, log);
  return () => stripe;
}
