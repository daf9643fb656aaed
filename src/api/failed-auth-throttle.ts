/**
 * Throttles failed client authentications, so a secret cannot be guessed at request speed. Failures
 * are counted per source address and client id, and per source address alone, in fixed windows; once
 * a count reaches its limit, that address (for that client, or for every client) is answered 429
 * until the window ends, without the secret being checked. A real client calling from elsewhere is
 * never held back, and one calling from the attacker's own address for at most one window.
 */

export interface FailedAuthLimits {
  /** Failures of one client id from one address per window. */
  readonly perClient: number;
  /** Failures of any client ids from one address per window. */
  readonly perAddress: number;
  readonly windowMs: number;
}

export const DEFAULT_FAILED_AUTH_LIMITS: FailedAuthLimits = {
  perClient: 10,
  perAddress: 30,
  windowMs: 60_000,
};

interface Count {
  start: number;
  failures: number;
}

/** Windows kept before the stale ones are swept: bounds memory under a spray of addresses. */
const SWEEP_AT = 10_000;

export class FailedAuthThrottle {
  readonly #counts = new Map<string, Count>();

  constructor(
    readonly limits: FailedAuthLimits = DEFAULT_FAILED_AUTH_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds the caller must wait before another attempt, or 0 when it may try now. */
  retryAfter(address: string, clientId: unknown): number {
    const now = this.now();
    const wait = Math.max(
      this.#blockedFor(this.#pairKey(address, clientId), this.limits.perClient, now),
      this.#blockedFor(address, this.limits.perAddress, now),
    );
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  /** Counts a failed authentication of `clientId` from `address`. */
  fail(address: string, clientId: unknown): void {
    const now = this.now();
    if (this.#counts.size >= SWEEP_AT) this.#sweep(now);
    this.#count(this.#pairKey(address, clientId), now);
    this.#count(address, now);
  }

  #pairKey(address: string, clientId: unknown): string {
    return `${address}\u0000${typeof clientId === 'string' ? clientId : ''}`;
  }

  #count(key: string, now: number): void {
    const count = this.#counts.get(key);
    if (count === undefined || now - count.start >= this.limits.windowMs) {
      this.#counts.set(key, { start: now, failures: 1 });
    } else count.failures++;
  }

  #blockedFor(key: string, limit: number, now: number): number {
    const count = this.#counts.get(key);
    if (count === undefined || count.failures < limit) return 0;
    return Math.max(0, count.start + this.limits.windowMs - now);
  }

  #sweep(now: number): void {
    for (const [key, count] of this.#counts) {
      if (now - count.start >= this.limits.windowMs) this.#counts.delete(key);
    }
  }
}
