/**
 * The credentials the client registry accepted lately, per client, so a client calling a hot
 * operation (the status/list GET, credentials on every request) is recognised with two Map lookups
 * and a string comparison instead of a registry check and a promise.
 *
 * Why it can never let a refused credential pass:
 * - an entry is written only after `ClientRegistry.authenticate` accepted the credentials;
 * - a hit needs the presented secret to equal the accepted one, compared in constant time (every
 *   character, whatever differs first);
 * - a hit needs the registry to hand out, now, the very `Client` object it accepted: the registry
 *   parses a client once per stored version, so any change of the client record (a new secret, an
 *   update, a removal) retires the entry and the request goes back to the registry;
 * - refusals are never remembered: a wrong secret always gets the registry's answer (and its cost).
 * Bounded: one entry per client, the oldest dropped beyond `maxEntries`.
 *
 * The accepted secret itself is kept, in this process's memory only, where the registry's own
 * cache keeps an HMAC of it. A digest would need a native crypto call per request, and measured in
 * the running server (bench/api/load.ts) one costs more than the whole rest of this check; whoever
 * can read this process's memory can read the token signing key and the webhook secrets anyway.
 */
import type { ClientRegistry } from '../clients/index.js';
import type { Client } from '../model/client.js';

interface Entry {
  readonly client: Client;
  readonly secret: string;
}

/** The client's current record, or undefined when it no longer exists. */
export function currentClient(clients: ClientRegistry, clientId: string): Client | undefined {
  try {
    return clients.getClient(clientId);
  } catch {
    return undefined;
  }
}

/** Equal strings, in a time that depends on their length only. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export class VerifiedCredentials {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly clients: ClientRegistry,
    private readonly maxEntries = 10_000,
  ) {}

  /** The client id, when these are the credentials last accepted and the client is unchanged since. */
  recall(clientId: unknown, clientSecret: unknown): string | undefined {
    if (typeof clientId !== 'string' || typeof clientSecret !== 'string') return undefined;
    const entry = this.#entries.get(clientId);
    if (entry === undefined) return undefined;
    if (currentClient(this.clients, clientId) !== entry.client) {
      this.#entries.delete(clientId);
      return undefined;
    }
    return constantTimeEqual(clientSecret, entry.secret) ? clientId : undefined;
  }

  /** The registry's check (UNAUTHORIZED when missing or wrong); accepted credentials are remembered. */
  async authenticate(clientId: unknown, clientSecret: unknown): Promise<string> {
    const client = await this.clients.authenticate(clientId, clientSecret);
    // The registry accepts string credentials only.
    this.#entries.delete(client.client_id);
    this.#entries.set(client.client_id, { client, secret: clientSecret as string });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return client.client_id;
  }

  get size(): number {
    return this.#entries.size;
  }
}
