/**
 * When to try a webhook again (the spec leaves retries open). Exponential backoff: attempt 1 at once,
 * then base, 2·base, 4·base… — with the defaults 0 s, 1 s, 2 s, 4 s, 8 s, 16 s: six attempts over
 * ~31 s, about the spec's 30 s analysis time, so a receiver restarting for a deploy still gets the
 * event while the client is polling anyway. Each delay is spread ±20 % so the retries of a burst of
 * deliveries that failed together (a receiver outage) do not come back together.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  /** Cap on one delay, for large maxAttempts. */
  readonly maxDelayMs: number;
  /** Fraction each delay is spread by, both ways: 0.2 turns 4 s into 3.2–4.8 s. */
  readonly jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  jitter: 0.2,
};

/**
 * Milliseconds to wait before attempt number `attempt` (1-based); `random` returns [0, 1).
 *
 * @example retryDelayMs(4, DEFAULT_RETRY_POLICY, () => 0.5) // → 4000
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  if (attempt <= 1) return 0;
  const nominal = Math.min(policy.baseDelayMs * 2 ** (attempt - 2), policy.maxDelayMs);
  return Math.round(nominal * (1 + policy.jitter * (2 * random() - 1)));
}
