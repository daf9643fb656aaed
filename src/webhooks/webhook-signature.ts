/**
 * Webhook signatures (DESIGN §7; the spec leaves signing open). The scheme, for receivers:
 *
 *   x-warden-timestamp: <ms since epoch of this attempt>
 *   x-warden-signature: sha256=<hex HMAC-SHA256(webhook_secret, "<timestamp>.<raw body>")>
 *
 * The key is the client's webhook secret string as shown at creation (UTF-8, "whsec_…" included).
 * Signing the timestamp with the body lets a receiver refuse replays: check the signature over the
 * raw bytes received (before any JSON parsing), then that the timestamp is recent (5 minutes is
 * the usual tolerance), then drop duplicates by x-warden-delivery, which stays the same across retries.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_HEADERS = {
  event: 'x-warden-event',
  delivery: 'x-warden-delivery',
  timestamp: 'x-warden-timestamp',
  signature: 'x-warden-signature',
} as const;

const PREFIX = 'sha256=';

/** The x-warden-signature value for one attempt. */
export function signWebhookPayload(secret: string, timestamp: number | string, body: string): string {
  return PREFIX + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export interface SignatureCheckOptions {
  /** Receiver's clock (ms); with it, a timestamp further than `toleranceMs` away is refused. */
  readonly now?: number;
  readonly toleranceMs?: number;
}

/**
 * True when `signature` (the x-warden-signature header) was made with `secret` over exactly this
 * timestamp and body. Compared in constant time.
 *
 * @example verifyWebhookSignature(secret, req.headers['x-warden-timestamp'], rawBody, req.headers['x-warden-signature'])
 */
export function verifyWebhookSignature(
  secret: string,
  timestamp: number | string | undefined,
  body: string,
  signature: string | undefined,
  options: SignatureCheckOptions = {},
): boolean {
  if (timestamp === undefined || signature === undefined) return false;
  if (!/^\d{1,16}$/.test(String(timestamp))) return false;
  if (options.now !== undefined) {
    const tolerance = options.toleranceMs ?? 5 * 60_000;
    if (Math.abs(options.now - Number(timestamp)) > tolerance) return false;
  }
  const expected = Buffer.from(signWebhookPayload(secret, timestamp, body));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
