import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: 'localhost',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      logLevel: 'info',
      trustProxy: false,
      fastPaths: true,
      webhookAllowPrivate: false,
      webhookLogDays: 30,
      webhookTimeoutSeconds: 10,
      outboxConnections: 2,
      outboxWorker: 'app',
      outboxWorkerNice: 5,
      metrics: { token: undefined, host: '127.0.0.1', port: undefined },
      backupDir: resolve('./backups'),
      backupKeep: 7,
      warrantyYears: 3,
      publicUrl: 'http://localhost:3000',
      authSecret: undefined,
      authRateLimitPerMinute: 10,
      formRateLimitPerHour: 20,
      orderRateLimitPerHour: 60,
      maxUnpaidOrders: 5,
      adminEmails: [],
      productionDefaults: false,
      requireStaffTwoFactor: false,
      google: undefined,
      facebook: undefined,
      openId: undefined,
      smtpUrl: undefined,
      mailFrom: 'Toolhouse <no-reply@toolhouse.localhost>',
      orderHoldHours: 24,
      orderNotifyEmails: [],
      paymentProvider: 'test',
      testModeNotice: false,
      stripe: undefined,
      taxProvider: 'builtin',
      stripeTax: undefined,
      taxTimeoutSeconds: 3,
    });
  });

  it('reads the identity and mail settings', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://shop.example.com/',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_ISSUER: 'https://id.example.com/',
      OIDC_CLIENT_ID: 'o-id',
      OIDC_CLIENT_SECRET: 'o-secret',
      OIDC_NAME: 'Company SSO',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://shop.example.com',
      adminEmails: ['boss@example.com', 'ops@example.com'],
      google: { clientId: 'g-id', clientSecret: 'g-secret' },
      facebook: undefined,
      openId: {
        issuer: 'https://id.example.com',
        clientId: 'o-id',
        clientSecret: 'o-secret',
        name: 'Company SSO',
      },
      smtpUrl: 'smtps://user:pass@mail.example.com',
    });
  });

  it('reads the Stripe keys, both or neither', () => {
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      api: { protocol: 'https', host: 'api.stripe.com', port: 443 },
    });
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }).stripe,
    ).toMatchObject({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: undefined,
    });
  });

  it('reads STRIPE_API_URL (a Stripe-compatible mock or an egress proxy)', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    });
    expect(
      loadConfig({ ...keys, STRIPE_API_URL: 'https://stripe-egress.internal/' }).stripe?.api,
    ).toEqual({ protocol: 'https', host: 'stripe-egress.internal', port: 443 });
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'https://proxy/v1' })).toThrow(
      /STRIPE_API_URL: must be scheme, host and port only/,
    );
  });

  describe('PAYMENT_PROVIDER', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    const production = { NODE_ENV: 'production' };

    it('takes Stripe when its keys are set, in any environment', () => {
      expect(loadConfig(keys).paymentProvider).toBe('stripe');
      expect(loadConfig({ ...keys, ...production }).paymentProvider).toBe('stripe');
      expect(loadConfig({ ...keys, PAYMENT_PROVIDER: 'stripe' }).paymentProvider).toBe('stripe');
    });

    it('defaults to the test processor only outside production', () => {
      expect(loadConfig({}).paymentProvider).toBe('test');
      expect(loadConfig({ NODE_ENV: 'development' }).paymentProvider).toBe('test');
      expect(loadConfig(production)).toMatchObject({ paymentProvider: null, stripe: undefined });
    });

    it('takes the test processor in production only when asked to', () => {
      expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test');
      // The explicit choice wins over keys that are also set: no Stripe then.
      expect(loadConfig({ ...keys, PAYMENT_PROVIDER: 'test' })).toMatchObject({
        paymentProvider: 'test',
        stripe: undefined,
      });
    });

    it('refuses stripe without its keys, and unknown providers', () => {
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
        /PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/,
      );
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    });
  });

  describe('TAX_PROVIDER', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };

    it('is the built-in table unless Stripe Tax is asked for, even with Stripe keys', () => {
      expect(loadConfig(keys)).toMatchObject({ taxProvider: 'builtin', stripeTax: undefined });
      expect(loadConfig({ TAX_PROVIDER: 'builtin' }).taxProvider).toBe('builtin');
    });

    it('calls Stripe Tax with the Stripe key and STRIPE_API_URL, whoever takes payments', () => {
      const api = { protocol: 'http', host: '127.0.0.1', port: 12111 };
      for (const payments of [{}, { PAYMENT_PROVIDER: 'test' }])
        expect(
          loadConfig({
            ...keys,
            ...payments,
            TAX_PROVIDER: 'stripe',
            STRIPE_API_URL: 'http://127.0.0.1:12111',
          }),
        ).toMatchObject({
          taxProvider: 'stripe',
          stripeTax: { secretKey: 'sk_test_1', api },
          taxTimeoutSeconds: 3,
        });
      expect(
        loadConfig({ ...keys, TAX_PROVIDER: 'stripe', TAX_TIMEOUT_SECONDS: '1.5' })
          .taxTimeoutSeconds,
      ).toBe(1.5);
    });

    it('refuses stripe without the Stripe secret key, unknown providers and odd deadlines', () => {
      expect(() => loadConfig({ TAX_PROVIDER: 'stripe' })).toThrow(
        /TAX_PROVIDER=stripe needs STRIPE_SECRET_KEY/,
      );
      expect(() => loadConfig({ TAX_PROVIDER: 'avalara' })).toThrow(/TAX_PROVIDER/);
      for (const seconds of ['0', '60', 'soon'])
        expect(() => loadConfig({ TAX_TIMEOUT_SECONDS: seconds })).toThrow(/TAX_TIMEOUT_SECONDS/);
    });
  });

  describe('production defaults: NODE_ENV=production or a PUBLIC_URL that is not loopback', () => {
    const production = {
      productionDefaults: true,
      paymentProvider: null,
      testModeNotice: false,
      requireStaffTwoFactor: true,
    };
    const development = {
      productionDefaults: false,
      paymentProvider: 'test',
      testModeNotice: false,
      requireStaffTwoFactor: false,
    };

    it.each([
      'https://shop.example.com',
      'http://shop.example.com:8080/',
      'https://10.0.0.5',
      'http://192.168.1.20:3000',
      'http://[2001:db8::1]',
      'http://0.0.0.0:3000',
      'https://localhost.example.com',
      'https://127.0.0.1.nip.io',
    ])('apply without NODE_ENV when PUBLIC_URL is %s', (url) => {
      expect(loadConfig({ PUBLIC_URL: url })).toMatchObject(production);
      expect(loadConfig({ PUBLIC_URL: url, NODE_ENV: 'development' })).toMatchObject(production);
    });

    it.each([
      'http://localhost:3000',
      'http://LOCALHOST',
      'http://shop.localhost:3000',
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://127.1:3000',
      'http://[::1]:3000',
      'http://[::ffff:127.0.0.1]',
    ])('do not apply on a loopback PUBLIC_URL (%s) nor without one', (url) => {
      expect(loadConfig({ PUBLIC_URL: url })).toMatchObject(development);
      expect(loadConfig({})).toMatchObject(development);
      // NODE_ENV=production is production whatever the address.
      expect(loadConfig({ PUBLIC_URL: url, NODE_ENV: 'production' })).toMatchObject(production);
    });

    it('take the test processor only with PAYMENT_PROVIDER=test, and then say so', () => {
      for (const env of [{ PUBLIC_URL: 'https://shop.example.com' }, { NODE_ENV: 'production' }]) {
        expect(loadConfig({ ...env, PAYMENT_PROVIDER: 'test' })).toMatchObject({
          paymentProvider: 'test',
          testModeNotice: true,
        });
        expect(
          loadConfig({ ...env, STRIPE_SECRET_KEY: 'sk_1', STRIPE_PUBLISHABLE_KEY: 'pk_1' }),
        ).toMatchObject({ paymentProvider: 'stripe', testModeNotice: false });
      }
      // On loopback the test processor is the default and pages stay as they are.
      expect(loadConfig({ PAYMENT_PROVIDER: 'test' }).testModeNotice).toBe(false);
    });

    it('let REQUIRE_STAFF_2FA decide explicitly either way', () => {
      const remote = { PUBLIC_URL: 'https://shop.example.com' };
      expect(loadConfig({ ...remote, REQUIRE_STAFF_2FA: 'false' }).requireStaffTwoFactor).toBe(
        false,
      );
      expect(loadConfig({ REQUIRE_STAFF_2FA: 'true' }).requireStaffTwoFactor).toBe(true);
    });
  });

  it('reads the backup and metrics settings; BACKUP_DIR= turns archiving off', () => {
    expect(loadConfig({ BACKUP_DIR: '' }).backupDir).toBeNull();
    expect(
      loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_KEEP: '3', METRICS_HOST: '10.0.0.5' }),
    ).toMatchObject({
      backupDir: '/srv/backups',
      backupKeep: 3,
      metrics: { token: undefined, host: '10.0.0.5', port: 9464 },
    });
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metrics).toEqual({
      token: 'x'.repeat(16),
      host: '127.0.0.1',
      port: undefined,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/toolhouse',
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
      MAP_TILE_URL: '',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      FAST_PATHS: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/toolhouse',
      mapTileUrl: null,
      trustProxy: true,
      fastPaths: false,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ MAP_TILE_URL: 'https://tiles.example/no-placeholders.png' }, 'MAP_TILE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ FAST_PATHS: 'yes' }, 'FAST_PATHS'],
    [{ WEBHOOK_TIMEOUT_SECONDS: '600' }, 'WEBHOOK_TIMEOUT_SECONDS'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-without-secret' }, 'GOOGLE_CLIENT_SECRET'],
    [{ OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }, 'OIDC_ISSUER'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'ftp://shop' }, 'PUBLIC_URL'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_1' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, 'STRIPE_SECRET_KEY'],
  ])('stops with a clear message for %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
