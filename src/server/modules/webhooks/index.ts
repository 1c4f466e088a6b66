// The face of modules/webhooks: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { pruneWebhookDeliveries } from './webhook-log-prune.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
export {
  enqueueProductEvents,
  STOCK_LOW_THRESHOLD,
  stockLowEffectSql,
  webhookEffectSql,
  webhookEventCte,
  webhookJob,
} from './webhooks.service.ts';
