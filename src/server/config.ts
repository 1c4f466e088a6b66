import { resolve } from 'node:path';
import { z } from 'zod';
import type { OAuthClient, OpenIdClient } from './modules/auth/index.ts';
import type { StripeSettings } from './modules/payments/index.ts';
import type { TaxProvidersConfig } from './modules/tax-providers/index.ts';

// The only reader of process.env. Parsed once at start; a bad value stops the start with a clear message.
// Each module reads its own slice of AppConfig (ADR 046): a type in the module and its
// `<module>ConfigOf`, which the composition root (app.ts, services.ts) hands it as `config`.

const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OUTBOX_WORKER_NICE's default (issue 38, measured: docs/benchmarks.md). */
const NICE_DEFAULT = 5;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  MAP_TILE_URL: z
    .string()
    .refine(
      (url) =>
        url === '' ||
        (/^https?:\/\//.test(url) && ['{z}', '{x}', '{y}'].every((p) => url.includes(p))),
      'must be an http(s) URL template with {z}, {x} and {y}, or empty for no tiles',
    )
    .default(DEFAULT_MAP_TILE_URL),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  FORM_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(20),
  ORDER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(60),
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1_000_000).default(5),
  ADMIN_EMAILS: z.string().default(''),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).max(40).default('OpenID'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Toolhouse <no-reply@toolhouse.localhost>'),
  ORDER_NOTIFY_EMAILS: z.string().default(''),
  ORDER_HOLD_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  WARRANTY_YEARS: z.coerce.number().int().min(1).max(25).default(3),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_...) or restricted key (rk_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, 'must be a Stripe publishable key (pk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  PAYMENT_PROVIDER: z.enum(['stripe', 'test']).optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .refine((url) => new URL(url).pathname === '/', 'must be scheme, host and port only (no path)')
    .default('https://api.stripe.com'),
  TAX_PROVIDER: z.enum(['builtin', 'stripe']).default('builtin'),
  TAX_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(30).default(3),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  FAST_PATHS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEBHOOK_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  OUTBOX_DB_CONNECTIONS: z.coerce.number().int().min(0).max(20).default(2),
  OUTBOX_WORKER: z.enum(['app', 'separate']).default('app'),
  OUTBOX_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(NICE_DEFAULT),
  BACKUP_DIR: z.string().default('./backups'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  REQUIRE_STAFF_2FA: z.enum(['true', 'false']).optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mapTileUrl: string | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  /**
   * FAST_PATHS: the hot cached GETs (static files, the catalogue, cached public pages) answered
   * ahead of Fastify with the same bytes, headers and log lines (ADR 018, 020); false: Fastify
   * answers every request (to rule the fast paths out when chasing a problem).
   */
  fastPaths: boolean;
  /**
   * WEBHOOK_ALLOW_PRIVATE: outgoing webhooks may reach private, loopback and link-local addresses
   * (a test or an all-internal setup); by default they are refused (SSRF).
   */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_LOG_DAYS: how long the webhook delivery log keeps a row (a job prunes older ones). */
  webhookLogDays: number;
  /** WEBHOOK_TIMEOUT_SECONDS: one delivery's deadline, the answer read to its end included. */
  webhookTimeoutSeconds: number;
  /**
   * OUTBOX_DB_CONNECTIONS: the database connections of the outbox worker's own pool (ADR 048),
   * besides the app's 10; 0: the worker shares the app's pool.
   */
  outboxConnections: number;
  /**
   * OUTBOX_WORKER: `app`, the app process runs the outbox worker; `separate`, it does not: the
   * worker process does (dist/node/server/outbox-worker.js; `npm start` and deploy/ start it).
   */
  outboxWorker: 'app' | 'separate';
  /**
   * OUTBOX_WORKER_NICE: the scheduling priority (nice, 0–19) the outbox worker process gives
   * itself (issue 38), so at saturation the cores go to the requests first; 0: as the app's.
   */
  outboxWorkerNice: number;
  /**
   * GET /metrics (Prometheus, src/server/metrics/): off unless METRICS_TOKEN is set (then on the
   * app's listener behind that Bearer token) or METRICS_PORT is (then on a listener of its own at
   * METRICS_HOST, default 127.0.0.1, also behind the token when one is set).
   */
  metrics: { token: string | undefined; host: string; port: number | undefined };
  /**
   * BACKUP_DIR (absolute): where the embedded cluster archives its write-ahead log and
   * `npm run backup` puts base backups (src/server/backup/); null (BACKUP_DIR=''): no archiving.
   */
  backupDir: string | null;
  /** BACKUP_KEEP: base backups kept; older ones and the log only they need are pruned. */
  backupKeep: number;
  /** Where users reach the shop: the base of e-mail links and OAuth callbacks. */
  publicUrl: string;
  /** Unset: generated once and kept in the database, shared by every instance. */
  authSecret: string | undefined;
  authRateLimitPerMinute: number;
  /** Contact messages and newsletter sign-ups per client IP per hour (each); 0: no limit. */
  formRateLimitPerHour: number;
  /** Orders placed per client IP and per account per hour; 0: no limit. */
  orderRateLimitPerHour: number;
  /** Unpaid orders one account may hold at once. */
  maxUnpaidOrders: number;
  /** Promoted to admin when they sign in with a proven (verified) e-mail. */
  adminEmails: string[];
  /**
   * Production defaults apply (see productionDefaultsApply): NODE_ENV=production, or a PUBLIC_URL
   * that is not this machine. No test processor unless asked for; staff two-factor required.
   */
  productionDefaults: boolean;
  /**
   * REQUIRE_STAFF_2FA: a staff account (admin, catalogue, warehouse) without two-factor sign-in is
   * refused on every staff route. Default: true where production defaults apply, false otherwise.
   */
  requireStaffTwoFactor: boolean;
  google: OAuthClient | undefined;
  facebook: OAuthClient | undefined;
  openId: OpenIdClient | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Who is told of new paid orders; empty: every admin. */
  orderNotifyEmails: string[];
  /** How long an unpaid order holds its stock before it expires. */
  orderHoldHours: number;
  /** How long a registered unit's warranty lasts from the order's paid date (issue 25). */
  warrantyYears: number;
  /**
   * Who takes card payments (PAYMENT_PROVIDER; see createPayments); null: nobody, orders
   * cannot be paid (production without Stripe and without the explicit test opt-in).
   */
  paymentProvider: 'stripe' | 'test' | null;
  /**
   * The test processor takes the payments where production defaults apply (PAYMENT_PROVIDER=test):
   * every page, receipt and order mail says TEST_MODE_NOTICE ("Test mode: no real payments").
   */
  testModeNotice: boolean;
  /** Card payments through Stripe; set exactly when paymentProvider is 'stripe'. */
  stripe: StripeSettings | undefined;
  /** TAX_PROVIDER: who computes tax, the built-in table or Stripe Tax (ADR 053). */
  taxProvider: TaxProvidersConfig['taxProvider'];
  /** Stripe Tax's key and API address; set exactly when taxProvider is 'stripe'. */
  stripeTax: TaxProvidersConfig['stripeTax'];
  /** TAX_TIMEOUT_SECONDS: the deadline of one tax calculation at Stripe. */
  taxTimeoutSeconds: number;
}

function stripeApiOf(url: string): StripeSettings['api'] {
  const { protocol, hostname, port } = new URL(url);
  const http = protocol === 'http:';
  return {
    protocol: http ? 'http' : 'https',
    host: hostname.replace(/^\[(.*)\]$/, '$1'),
    port: port === '' ? (http ? 80 : 443) : Number(port),
  };
}

/** Both halves of a client id/secret pair, or neither. */
function oauthClient(
  id: string | undefined,
  secret: string | undefined,
  prefix: string,
): OAuthClient | undefined {
  if (!id && !secret) return undefined;
  if (!id || !secret)
    throw new ConfigError(
      `Invalid configuration:\n  ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together`,
    );
  return { clientId: id, clientSecret: secret };
}

export class ConfigError extends Error {}

function openIdClient(e: z.infer<typeof EnvSchema>): AppConfig['openId'] {
  const client = oauthClient(e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET, 'OIDC');
  if (!client && !e.OIDC_ISSUER) return undefined;
  if (!client || !e.OIDC_ISSUER) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together',
    );
  }
  return { ...client, issuer: e.OIDC_ISSUER.replace(/\/+$/, ''), name: e.OIDC_NAME };
}

function stripeSettings(e: z.infer<typeof EnvSchema>): StripeSettings | undefined {
  const secretKey = e.STRIPE_SECRET_KEY;
  const publishableKey = e.STRIPE_PUBLISHABLE_KEY;
  if (!secretKey && !publishableKey) {
    if (e.STRIPE_WEBHOOK_SECRET)
      throw new ConfigError(
        'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
      );
    return undefined;
  }
  if (!secretKey || !publishableKey)
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together',
    );
  return {
    secretKey,
    publishableKey,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    api: stripeApiOf(e.STRIPE_API_URL),
  };
}

/**
 * True when a URL's host is this machine: localhost (and *.localhost), 127.0.0.0/8 or ::1 (also
 * as ::ffff:127.x.x.x). The URL parser has already normalised 127.1, 0x7f.0.0.1 and the like.
 */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d+\.\d+\.\d+$/.test(host)) return true;
  return host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/**
 * Production defaults apply under NODE_ENV=production, and, whatever NODE_ENV says, when the shop
 * is reached at a PUBLIC_URL that is not this machine (a deployment that forgot NODE_ENV is still
 * a deployment). Only a developer's or a test's shop, on loopback, gets the development defaults.
 */
function productionDefaultsApply(e: z.infer<typeof EnvSchema>): boolean {
  return (
    e.NODE_ENV === 'production' || (e.PUBLIC_URL !== undefined && !isLoopbackUrl(e.PUBLIC_URL))
  );
}

/**
 * PAYMENT_PROVIDER chooses explicitly; unset, Stripe keys choose Stripe, and otherwise the test
 * processor takes payments only where production defaults do not apply: a production start
 * without keys takes none, rather than letting anyone "pay" with a test card.
 */
function paymentProviderOf(
  e: z.infer<typeof EnvSchema>,
  stripe: StripeSettings | undefined,
  production: boolean,
): AppConfig['paymentProvider'] {
  if (e.PAYMENT_PROVIDER === 'stripe' && !stripe)
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY',
    );
  if (e.PAYMENT_PROVIDER) return e.PAYMENT_PROVIDER;
  if (stripe) return 'stripe';
  return production ? null : 'test';
}

/** TAX_PROVIDER=stripe calls Stripe Tax with the shop's Stripe secret key (and STRIPE_API_URL). */
function stripeTaxOf(
  e: z.infer<typeof EnvSchema>,
  stripe: StripeSettings | undefined,
): AppConfig['stripeTax'] {
  if (e.TAX_PROVIDER !== 'stripe') return undefined;
  if (!stripe)
    throw new ConfigError(
      'Invalid configuration:\n  TAX_PROVIDER=stripe needs STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY, which goes with it)',
    );
  return { secretKey: stripe.secretKey, api: stripe.api };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  // An empty MAP_TILE_URL is meaningful (no tiles), unlike the other empty values.
  if (env.MAP_TILE_URL === '') present.MAP_TILE_URL = '';
  // BACKUP_DIR= (empty) turns the WAL archiving off.
  if (env.BACKUP_DIR?.trim() === '') present.BACKUP_DIR = '';
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const stripe = stripeSettings(e);
  const productionDefaults = productionDefaultsApply(e);
  const paymentProvider = paymentProviderOf(e, stripe, productionDefaults);
  const stripeTax = stripeTaxOf(e, stripe);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mapTileUrl: e.MAP_TILE_URL === '' ? null : e.MAP_TILE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    fastPaths: e.FAST_PATHS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookLogDays: e.WEBHOOK_LOG_DAYS,
    webhookTimeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
    outboxConnections: e.OUTBOX_DB_CONNECTIONS,
    outboxWorker: e.OUTBOX_WORKER,
    outboxWorkerNice: e.OUTBOX_WORKER_NICE,
    backupDir: e.BACKUP_DIR.trim() === '' ? null : resolve(e.BACKUP_DIR),
    backupKeep: e.BACKUP_KEEP,
    metrics: {
      token: e.METRICS_TOKEN,
      host: e.METRICS_HOST ?? '127.0.0.1',
      port: e.METRICS_PORT ?? (e.METRICS_HOST ? 9464 : undefined),
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    authSecret: e.AUTH_SECRET,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    formRateLimitPerHour: e.FORM_RATE_LIMIT_PER_HOUR,
    orderRateLimitPerHour: e.ORDER_RATE_LIMIT_PER_HOUR,
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    productionDefaults,
    requireStaffTwoFactor: (e.REQUIRE_STAFF_2FA ?? String(productionDefaults)) === 'true',
    google: oauthClient(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, 'GOOGLE'),
    facebook: oauthClient(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, 'FACEBOOK'),
    openId: openIdClient(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    orderNotifyEmails: e.ORDER_NOTIFY_EMAILS.split(',')
      .map((email) => email.trim())
      .filter(Boolean),
    orderHoldHours: e.ORDER_HOLD_HOURS,
    warrantyYears: e.WARRANTY_YEARS,
    paymentProvider,
    testModeNotice: paymentProvider === 'test' && productionDefaults,
    stripe: paymentProvider === 'stripe' ? stripe : undefined,
    taxProvider: e.TAX_PROVIDER,
    stripeTax,
    taxTimeoutSeconds: e.TAX_TIMEOUT_SECONDS,
  };
}
