/** The spec's transaction `notification` object for one webhook attempt (spec: Notification object). */
import type { Notification } from '../model/transaction.js';
import type { WebhookAttempt, WebhookDelivery } from '../model/webhook.js';

/**
 * What the transaction layer writes onto the transaction after each attempt.
 *
 * @example onAttempt: (item, attempt) => saveNotification(item.subject.id, notificationOf(item, attempt))
 */
export function notificationOf(item: WebhookDelivery, attempt: WebhookAttempt): Notification {
  return {
    webhook: item.url,
    sent_at: attempt.sent_at,
    successful: attempt.successful,
    error: attempt.error,
  };
}
