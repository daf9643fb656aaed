/**
 * Webhook deliveries (spec: Events; DESIGN §7). The spec leaves payloads, retries and signing open:
 * callers own `data`, Warden owns the envelope and the outbox record, which keeps every attempt.
 */
import { z } from 'zod';
import { WebhookUrl } from './client.js';
import { EpochMillis } from './scalars.js';

/** Event names travel in a header, so they are restricted to header-safe characters. */
export const WebhookEvent = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, { error: 'must be a name such as transaction.state_changed' })
  .max(100);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** The record the delivery is about, so a caller can write the outcome back onto it. */
export const WebhookSubject = z.object({
  collection: z.string().min(1),
  id: z.string().min(1),
});
export type WebhookSubject = z.infer<typeof WebhookSubject>;

/** The POSTed body. `id` repeats x-warden-delivery so receivers can drop retried duplicates. */
export const WebhookEnvelope = z.object({
  id: z.string(),
  event: WebhookEvent,
  created_at: EpochMillis.describe('When the event happened (enqueue time), not when this attempt ran'),
  data: z.unknown(),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

export const WebhookAttempt = z.object({
  attempt: z.number().int().positive(),
  sent_at: EpochMillis,
  status_code: z.number().int().nullable().describe('HTTP status, null when no answer came'),
  successful: z.boolean().describe('True when the receiver answered 2xx'),
  error: z.string().nullable().describe('Why the attempt failed; null when successful'),
  duration_ms: z.number().nonnegative(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDeliveryStatus = z.enum(['PENDING', 'DELIVERED', 'FAILED']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** One outbox item (collection "webhook_outbox"), written before its first attempt. */
export const WebhookDelivery = z.object({
  id: z.string(),
  client_id: z.string(),
  url: WebhookUrl,
  event: WebhookEvent,
  subject: WebhookSubject,
  envelope: WebhookEnvelope,
  status: WebhookDeliveryStatus,
  attempts: z.array(WebhookAttempt),
  next_attempt_at: EpochMillis.nullable().describe('When the next attempt is due; null once settled'),
  created_at: EpochMillis,
  updated_at: EpochMillis,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const EnqueueWebhookRequest = z.object({
  client_id: z.string().min(1),
  url: WebhookUrl,
  event: WebhookEvent,
  payload: z.unknown(),
  subject: WebhookSubject,
});
export type EnqueueWebhookRequest = z.infer<typeof EnqueueWebhookRequest>;
