import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createDataVersionCheck, type DataVersionCheck } from './db/data-version-check.ts';
import { authConfigOf, createAuth, resolveAuthSecret } from './modules/auth/index.ts';
import { createCatalogCache, type CatalogCache } from './modules/catalog/index.ts';
import { createMailer, mailConfigOf, type Mailer } from './modules/mail/index.ts';
import { createPayments, paymentsConfigOf, type Payments } from './modules/payments/index.ts';
import {
  builtinTaxProvider,
  createPricer,
  type Pricer,
  pricingTablesCache,
} from './modules/pricing/index.ts';
import { taxProviderForOf, taxProvidersConfigOf } from './modules/tax-providers/index.ts';

/** What several routes and jobs of one instance share: each built once, here. */
export interface Services {
  auth: ReturnType<typeof createAuth>;
  mailer: Mailer;
  /**
   * One check of the data versions per instance, shared by every cache of the shop's data
   * (catalogue, search answers, pages): concurrent readers share one query (ADR 016).
   */
  versions: DataVersionCheck;
  catalog: CatalogCache;
  payments: Payments;
  /** The pricing step (issue 35): shipping and tax, the tables cached per pricing version. */
  pricer: Pricer;
}

export async function createServices(options: {
  config: AppConfig;
  database: Database;
  log: FastifyBaseLogger;
  /** Defaults to SMTP or the DATA_DIR outbox, per the configuration. */
  mailer?: Mailer | undefined;
}): Promise<Services> {
  const { config, log } = options;
  const { db, pool } = options.database;
  const mailer =
    options.mailer ?? createMailer(mailConfigOf(config), (message) => log.info(message));
  const auth = createAuth({
    db,
    config: authConfigOf(config),
    secret: await resolveAuthSecret(db, config.authSecret),
    mailer,
    log,
  });
  const versions = createDataVersionCheck(pool);
  return {
    auth,
    mailer,
    versions,
    catalog: createCatalogCache(db, versions),
    payments: createPayments(db, paymentsConfigOf(config), log),
    pricer: createPricer({
      pool,
      tablesAt: pricingTablesCache(db),
      // TAX_PROVIDER: the built-in table per set of tables, or Stripe Tax (ADR 053).
      taxProviderFor: taxProviderForOf(taxProvidersConfigOf(config), builtinTaxProvider, log),
    }),
  };
}
