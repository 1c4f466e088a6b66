import type { Database } from '../db/client.ts';
import {
  builtinTaxProvider,
  createPricer,
  type Pricer,
  pricingTablesCache,
} from '../modules/pricing/index.ts';

/** The pricing step as the app makes it (the built-in tax table), for tests that call services. */
export const testPricer = (database: {
  db: Database['db'];
  pool: Pick<Database['pool'], 'query'>;
}): Pricer =>
  createPricer({
    pool: database.pool,
    tablesAt: pricingTablesCache(database.db),
    taxProviderFor: builtinTaxProvider,
  });
