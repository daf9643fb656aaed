/**
 * Bearer tokens the client registry verified lately, so a flow client's next requests with the same
 * token skip the signature check (an HMAC), the claims' JSON and their schema.
 *
 * Why it can never let a refused token pass:
 * - an entry is written only after `ClientRegistry.verifyToken` accepted the token; a forged,
 *   malformed or expired token is never remembered, so it always gets the registry's answer;
 * - the entry expires with the token: a hit needs `now` before the token's `exp`, the very instant
 *   from which the registry calls it expired;
 * - the token's client must still exist at every hit (the registry refuses the tokens of a client
 *   that is gone); when it does not, the request goes back to the registry for its sentence.
 * Keyed by the exact Authorization header value (the token with its scheme); bounded, the oldest
 * entry dropped beyond `maxEntries`.
 */
import type { ClientRegistry } from '../clients/index.js';
import { currentClient } from './verified-credentials.js';

interface Entry {
  readonly clientId: string;
  /** Epoch ms from which the token is expired: its `exp` claim (seconds) × 1000. */
  readonly expiresAt: number;
}

/** The `exp` claim of a token the registry has just verified, in ms; undefined when unreadable. */
function expiryOf(header: string): number | undefined {
  const token = header.trim().split(/ +/).pop() ?? '';
  const claims = token.split('.')[1];
  if (claims === undefined) return undefined;
  try {
    const { exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export class VerifiedTokens {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly clients: ClientRegistry,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The client id of a valid token, or throws UNAUTHORIZED naming the fault, exactly as
   * `ClientRegistry.verifyToken` does.
   */
  verify(header: string | undefined, now: number): string {
    if (header !== undefined) {
      const entry = this.#entries.get(header);
      if (entry !== undefined) {
        if (now < entry.expiresAt && currentClient(this.clients, entry.clientId) !== undefined) {
          return entry.clientId;
        }
        this.#entries.delete(header);
      }
    }
    // Throws for a missing header, so below `header` is the value of a valid token.
    const clientId = this.clients.verifyToken(header, now);
    const expiresAt = expiryOf(header as string);
    if (expiresAt !== undefined) this.#remember(header as string, { clientId, expiresAt });
    return clientId;
  }

  get size(): number {
    return this.#entries.size;
  }

  #remember(header: string, entry: Entry): void {
    this.#entries.delete(header);
    this.#entries.set(header, entry);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}
