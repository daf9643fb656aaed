/**
 * Remembers, per client, the secret that last passed scrypt, so a hot path (the GET list operation
 * at 5,000 req/s, credentials on every request) pays one HMAC-SHA256 (~1 µs) instead of one scrypt
 * (~1 ms on the libuv pool, which has only 4 threads) per request.
 *
 * Why it can never let a wrong secret pass:
 * - an entry is written only after scrypt accepted the secret;
 * - a hit needs HMAC(processKey, presented secret) to equal the remembered digest, compared in
 *   constant time: a different secret matches only on a SHA-256 collision;
 * - the entry is bound to the stored hash it was verified against (`verifier`), so a rotated
 *   secret or a re-created client misses and goes back to scrypt;
 * - failures are never cached: every wrong secret pays the full scrypt, and an attacker cannot
 *   fill memory with entries.
 * The key is random per process and never stored, so the digests (in memory only) are worthless
 * outside this process and are not a fast offline oracle for the secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

interface Entry {
  readonly digest: Buffer;
  readonly verifier: string;
}

export class VerifiedSecretCache {
  readonly #key: Buffer;
  readonly #entries = new Map<string, Entry>();

  /** `maxEntries` bounds memory: one entry per client, the oldest evicted first. */
  constructor(
    key: Uint8Array,
    private readonly maxEntries = 10_000,
  ) {
    this.#key = Buffer.from(key);
  }

  digest(secret: string): Buffer {
    return createHmac('sha256', this.#key).update(secret).digest();
  }

  /** True only when `digest` is of the secret scrypt accepted against the stored hash `verifier`. */
  accepts(clientId: string, verifier: string, digest: Buffer): boolean {
    const entry = this.#entries.get(clientId);
    if (entry === undefined || entry.verifier !== verifier) return false;
    return timingSafeEqual(entry.digest, digest);
  }

  /** Call only after scrypt accepted the secret whose digest this is. */
  remember(clientId: string, verifier: string, digest: Buffer): void {
    this.#entries.delete(clientId);
    this.#entries.set(clientId, { digest, verifier });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  forget(clientId: string): void {
    this.#entries.delete(clientId);
  }

  get size(): number {
    return this.#entries.size;
  }
}
