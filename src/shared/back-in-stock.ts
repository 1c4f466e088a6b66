import { z } from 'zod';
import { SkuSchema } from './variant.ts';

/** POST/DELETE /api/products/{id}/notify: whether the caller will hear when it is back (issue 24). */
export const StockAlertSchema = z.object({ subscribed: z.boolean() });
export type StockAlert = z.infer<typeof StockAlertSchema>;

/**
 * GET/POST/DELETE /api/products/{id}/notify?sku=: the variant awaited (issue 34), its SKU, which
 * must be the product's (409); left out: the product's default variant.
 */
export const StockAlertQuerySchema = z.object({ sku: SkuSchema.optional() });
export type StockAlertQuery = z.infer<typeof StockAlertQuerySchema>;

export const NOTIFY_ME_LABEL = 'Notify me when it is back';
export const STOP_NOTIFY_LABEL = 'Stop notifying me';
export const NOTIFY_SUBSCRIBED_MESSAGE = 'We will e-mail you once when it is back in stock.';
export const NOTIFY_IN_STOCK_MESSAGE = 'This product is in stock: it can be ordered now.';

/** GET /api/my/platforms: the battery platforms of the caller's paid orders. */
export const MyPlatformsSchema = z.object({ platforms: z.array(z.string()) });
export const worksWithMessage = (platform: string) => `Works with your ${platform} batteries`;
export const GOES_WELL_WITH_TITLE = 'Goes well with';
