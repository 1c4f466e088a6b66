import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { PageRenderer } from '../shared/page-rendering.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { addressesRoutes } from './modules/addresses/index.ts';
import { authConfigOf, authRoutes } from './modules/auth/index.ts';
import { basketRoutes } from './modules/basket/index.ts';
import { quickOrderRoutes } from './modules/quick-order/index.ts';
import type { Mailer } from './modules/mail/index.ts';
import { usersRoutes, rolesConfigOf, rolesRoutes } from './modules/users/index.ts';
import { registerAuthentication } from './http/authentication.ts';
import { registerCommitWait } from './http/commit-wait.ts';
import {
  CATALOG_FRESHNESS_MS,
  catalogRoutes,
  catalogSearchRoutes,
  productAffinityRoutes,
} from './modules/catalog/index.ts';
import { contactConfigOf, contactRoutes } from './modules/contact/index.ts';
import { imageUploadRoutes, imagesRoutes } from './modules/images/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { checkoutRoutes } from './modules/checkout/index.ts';
import { pricingRoutes } from './modules/pricing/index.ts';
import { paymentsConfigOf, paymentsRoutes } from './modules/payments/index.ts';
import { placementConfigOf, purchasesRoutes } from './modules/purchases/index.ts';
import { quotesRoutes } from './modules/quotes/index.ts';
import { taxExemptionsRoutes } from './modules/tax-exemptions/index.ts';
import { reviewsRoutes } from './modules/reviews/index.ts';
import { systemConfigOf, systemRoutes } from './modules/system/index.ts';
import { overviewRoutes } from './modules/admin-overview/index.ts';
import { aftersaleConfigOf, aftersaleRoutes } from './modules/aftersale/index.ts';
import { exportsConfigOf, exportsRoutes } from './modules/exports/index.ts';
import { productImportConfigOf, productImportRoutes } from './modules/product-import/index.ts';
import { webhooksRoutes } from './modules/webhooks/index.ts';
import { apiDocsConfigOf, apiDocsRoutes } from './modules/api-docs/index.ts';
import { vitalsRoutes } from './modules/vitals/index.ts';
import { categoriesRoutes } from './modules/categories/index.ts';
import { shippingSettingsRoutes } from './modules/shipping-settings/index.ts';
import { promotionsRoutes } from './modules/promotions/index.ts';
import { companiesRoutes } from './modules/companies/index.ts';
import { savedListsRoutes } from './modules/saved-lists/index.ts';
import { invoicesRoutes } from './modules/invoices/index.ts';
import { approvalsRoutes } from './modules/approvals/index.ts';
import { priceListsRoutes } from './modules/price-lists/index.ts';
import { backInStockRoutes } from './modules/back-in-stock/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { webBuildFolder } from './paths.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { createFastPaths } from './http/fast-path.ts';
import { recordRouteTable, routeTableOf } from './http/route-table.ts';
import { registerSecurityHeaders, securityHeadersConfigOf } from './http/security-headers.ts';
import { registerWebApp, webAppConfigOf } from './ssr/web-app.ts';
import { jobsConfigOf, jobsPlugin } from './jobs/jobs.ts';
import { registerMetrics } from './metrics/metrics-plugin.ts';
import { createServices } from './services.ts';

export const JSON_BODY_LIMIT_BYTES = 100 * 1024;

export interface AppOptions {
  config: AppConfig;
  database: Database;
  logger?: FastifyBaseLogger;
  /** The built SPA (dist/web); tests point it elsewhere. */
  webRoot?: string;
  /** Defaults to SMTP or the DATA_DIR outbox, per the configuration. */
  mailer?: Mailer;
  /** Renders public pages; defaults to the build's (dist/ssr); null: none (the shell only). */
  pageRenderer?: PageRenderer | null;
}

/** Builds the whole app with every plugin and module registered. Never listens: main.ts does. */
export async function buildApp({
  config,
  database,
  logger,
  webRoot = webBuildFolder,
  mailer,
  pageRenderer,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: { level: config.logLevel } }),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestTimeout: 30_000,
    // Headers within 15 s, enforced every second (Node checks every 30 s by default), so
    // slow-header connections are closed promptly. Options of every server Fastify makes: with
    // HOST=localhost it also listens on ::1 with a server of its own.
    http: { connectionsCheckingInterval: 1_000, headersTimeout: 15_000 },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // JSON only: no text/plain, so no cross-site "simple" form post can reach a route.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Hot cached GETs answered ahead of Fastify, with the same headers (ADR 018, 020): declared
  // with their routes (http/hot-read.ts), installed unless FAST_PATHS=false.
  const fast = createFastPaths();
  fast.setCommonHeaders(registerSecurityHeaders(app, securityHeadersConfigOf(config), webRoot));
  recordRouteTable(app);
  registerMetrics(app, { config: config.metrics, database, fast });

  const { db } = database;
  const services = await createServices({ config, database, log: app.log, mailer });
  const { auth, versions, catalog, payments, pricer } = services;

  await app.register(
    async (api) => {
      registerAuthentication(api, auth, database.pool, {
        requireStaffTwoFactor: config.requireStaffTwoFactor,
      });
      registerCommitWait(api, CATALOG_FRESHNESS_MS);
      await api.register(authRoutes, { auth, config: authConfigOf(config) });
      await api.register(usersRoutes, { db });
      await api.register(systemRoutes, { database, config: systemConfigOf(config) });
      await api.register(catalogSearchRoutes, { db, catalog });
      await api.register(catalogRoutes, { db, catalog, fast });
      await api.register(reviewsRoutes, { db });
      await api.register(contactRoutes, { db, config: contactConfigOf(config) });
      await api.register(basketRoutes, { db });
      await api.register(quickOrderRoutes, { db });
      await api.register(addressesRoutes, { db });
      await api.register(purchasesRoutes, { db, pricer, config: placementConfigOf(config) });
      await api.register(checkoutRoutes, { db, pricer, config: placementConfigOf(config) });
      await api.register(pricingRoutes, { pricer });
      await api.register(paymentsRoutes, { db, config: paymentsConfigOf(config), payments });
      await api.register(imageUploadRoutes, { db });
      await api.register(overviewRoutes, { db });
      await api.register(vitalsRoutes, { db });
      await api.register(exportsRoutes, { db, config: exportsConfigOf(config) });
      await api.register(notificationsRoutes, { db });
      await api.register(productImportRoutes, { db, config: productImportConfigOf(config) });
      await api.register(webhooksRoutes, { db });
      await api.register(apiDocsRoutes, {
        routes: () => routeTableOf(app),
        version: '1.0.0',
        config: apiDocsConfigOf(config),
      });
      await api.register(aftersaleRoutes, {
        db,
        config: aftersaleConfigOf(config),
        provider: payments.provider,
      });
      await api.register(quotesRoutes, {
        db,
        pool: database.pool,
        pricer,
        config: placementConfigOf(config),
      });
      await api.register(categoriesRoutes, { db });
      await api.register(backInStockRoutes, { db });
      await api.register(productAffinityRoutes, { db, catalog });
      await api.register(rolesRoutes, { db, config: rolesConfigOf(config) });
      await api.register(auditRoutes, { db });
      await api.register(shippingSettingsRoutes, { db });
      await api.register(taxExemptionsRoutes, { db });
      await api.register(promotionsRoutes, { db });
      await api.register(companiesRoutes, { db, auth });
      await api.register(savedListsRoutes, { db });
      await api.register(invoicesRoutes, { db });
      await api.register(approvalsRoutes, { db, config: placementConfigOf(config) });
      await api.register(priceListsRoutes, { db });
    },
    { prefix: '/api' },
  );
  await app.register(imagesRoutes, { db });
  await registerWebApp(app, webRoot, {
    versions,
    catalog,
    config: webAppConfigOf(config),
    pageRenderer,
    fast,
  });
  // Every background job of the instance starts here, once the app is ready (jobs/jobs.ts).
  await app.register(jobsPlugin, {
    db,
    outboxDb: database.outbox?.db ?? db,
    mailer: services.mailer,
    provider: payments.provider,
    config: jobsConfigOf(config),
  });
  if (config.fastPaths) fast.install(app, { trustProxy: config.trustProxy });
  return app;
}
