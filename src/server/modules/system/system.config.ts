import type { OAuthClient, OpenIdClient } from '../auth/index.ts';

/** What GET /api/config tells the browser, and the health check (config.ts parses it; ADR 046). */
export interface SystemConfig {
  /** The map's tile URL template; null: no tiles. */
  mapTileUrl: string | null;
  google: OAuthClient | undefined;
  facebook: OAuthClient | undefined;
  openId: Pick<OpenIdClient, 'name'> | undefined;
  paymentProvider: 'stripe' | 'test' | null;
  stripe: { publishableKey: string } | undefined;
  /** Every page says "Test mode: no real payments". */
  testModeNotice: boolean;
}

export const systemConfigOf = (config: SystemConfig): SystemConfig => ({
  mapTileUrl: config.mapTileUrl,
  google: config.google,
  facebook: config.facebook,
  openId: config.openId,
  paymentProvider: config.paymentProvider,
  stripe: config.stripe,
  testModeNotice: config.testModeNotice,
});
