/**
 * One signed POST to a receiver. Never throws: every way a receiver can fail (refuse the connection,
 * hang, answer non-2xx, redirect) becomes an outcome with a sentence, so the dispatcher records it
 * and retries instead of crashing or leaking an unhandled rejection.
 */
import { WEBHOOK_HEADERS, signWebhookPayload } from './webhook-signature.js';

export interface WebhookRequest {
  readonly url: string;
  readonly deliveryId: string;
  readonly event: string;
  readonly body: string;
  readonly secret: string;
  /** Attempt time (ms); signed with the body so a receiver can refuse replays. */
  readonly timestamp: number;
  readonly timeoutMs: number;
  /** Aborted on a forced shutdown. */
  readonly shutdown: AbortSignal;
  readonly fetch: typeof fetch;
}

export interface WebhookOutcome {
  readonly status_code: number | null;
  readonly successful: boolean;
  readonly error: string | null;
}

export const USER_AGENT = 'Warden-Webhooks/1';

/** Sends one attempt and reports how it went. */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookOutcome> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await request.fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [WEBHOOK_HEADERS.event]: request.event,
        [WEBHOOK_HEADERS.delivery]: request.deliveryId,
        [WEBHOOK_HEADERS.timestamp]: String(request.timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhookPayload(request.secret, request.timestamp, request.body),
      },
      body: request.body,
      // A redirect is a failure, not an instruction: following it would post signed data elsewhere.
      redirect: 'manual',
      signal: AbortSignal.any([timeout, request.shutdown]),
    });
    // Only the status counts; dropping the body frees the connection at once.
    await response.body?.cancel().catch(() => undefined);
    const successful = response.status >= 200 && response.status < 300;
    return {
      status_code: response.status,
      successful,
      error: successful ? null : `The receiver answered HTTP ${response.status}.`,
    };
  } catch (e) {
    return { status_code: null, successful: false, error: failureSentence(e, request, timeout) };
  }
}

/** A sentence for a request that got no answer. Never the URL: its path or query may hold a token. */
function failureSentence(e: unknown, request: WebhookRequest, timeout: AbortSignal): string {
  if (timeout.aborted) return `The receiver did not answer within ${request.timeoutMs} ms.`;
  if (request.shutdown.aborted) return 'The attempt was interrupted by a shutdown.';
  const cause = e instanceof Error ? (e.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : e instanceof Error ? e.name : 'unknown error';
  return `The receiver could not be reached (${code}).`;
}
