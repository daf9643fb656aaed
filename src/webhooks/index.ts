export { AttemptSlots } from './attempt-slots.js';
export { notificationOf } from './notification-of.js';
export { DEFAULT_RETRY_POLICY, retryDelayMs } from './retry-policy.js';
export type { RetryPolicy } from './retry-policy.js';
export { USER_AGENT, sendWebhook } from './send-webhook.js';
export type { WebhookOutcome, WebhookRequest } from './send-webhook.js';
export {
  DEFAULT_WEBHOOK_RETENTION_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  WebhookDispatcher,
} from './webhook-dispatcher.js';
export type { WebhookDispatcherOptions } from './webhook-dispatcher.js';
export {
  OUTBOX_COLLECTION,
  WebhookOutbox,
  newDelivery,
  outboxRecordOf,
  withAttempt,
} from './webhook-outbox.js';
export { WEBHOOK_HEADERS, signWebhookPayload, verifyWebhookSignature } from './webhook-signature.js';
export type { SignatureCheckOptions } from './webhook-signature.js';
