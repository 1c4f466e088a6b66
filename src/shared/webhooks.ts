import { z } from 'zod';
import { singleLineText } from './text.ts';

// Outgoing webhooks (issue 26): endpoints admins register, the events they subscribe to, and the
// log of every delivery attempt.

export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.refunded',
  'product.updated',
  'stock.low',
  // Issue 37: invoices of checkouts paid on account (issued, paid in full, past due).
  'invoice.issued',
  'invoice.paid',
  'invoice.overdue',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Toolhouse-Signature';
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_URL_MESSAGE = 'Enter an http(s) URL';
export const WEBHOOK_EVENTS_MESSAGE = 'Choose at least one event';

/** POST /api/webhooks */
export const WebhookEndpointBodySchema = z.object({
  url: singleLineText('URL', { required: WEBHOOK_URL_MESSAGE })
    .max(WEBHOOK_URL_MAX, `URL must be at most ${WEBHOOK_URL_MAX} characters`)
    .refine((value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, WEBHOOK_URL_MESSAGE),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_EVENTS_MESSAGE })
    .min(1, WEBHOOK_EVENTS_MESSAGE),
});
export type WebhookEndpointBody = z.input<typeof WebhookEndpointBodySchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export const WebhookEndpointListSchema = z.array(WebhookEndpointSchema);

/** The answer to a registration: the signing secret, shown this once and never again. */
export const WebhookEndpointCreatedSchema = WebhookEndpointSchema.extend({ secret: z.string() });

export const WebhookParamsSchema = z.object({ webhookId: singleLineText('Webhook id') });

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  eventId: z.string(),
  attempt: z.number().int(),
  /** The receiver's HTTP status; null when none came (refused address, timeout, network). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.array(WebhookDeliverySchema);

export const WEBHOOK_DELETED_MESSAGE = 'Webhook deleted';
export const WEBHOOK_NOT_FOUND_MESSAGE = 'Webhook not found';
export const WEBHOOK_SECRET_NOTE = 'Copy the signing secret now: it is not shown again.';
