/**
 * The last analysis of a wallet, per client: the spec's `force_search` flag implies that a recent
 * result is served again unless the client asks for a fresh one. An entry is only served while the
 * facts it was computed from are unchanged (address book version, the client's blacklist epoch, the
 * chain data version) and younger than the TTL; the cache is bounded and drops the least recently used.
 */
import type { WalletRiskAnalysis } from '../model/wallet.js';

/** Ten minutes: long enough to absorb a client's retries and a transaction's repeated checks, short
 * enough that new chain activity shows up within one review cycle. Spec-silent; configurable. */
export const DEFAULT_WALLET_RESULT_TTL_MS = 10 * 60 * 1000;
/** ~10,000 records of a few KB each: tens of MB at most. */
export const DEFAULT_WALLET_RESULT_CACHE_SIZE = 10_000;

export interface WalletResultKey {
  readonly clientId: string;
  readonly network: string;
  readonly asset: string;
  /** Lookup form. */
  readonly address: string;
  /** `AddressBook.version` the result was computed with. */
  readonly bookVersion: number | string;
  /** `BlacklistService.epochOf(clientId)` the result was computed with. */
  readonly blacklistEpoch: number;
  /** Version of the chain data, when the host reloads it; 0 otherwise. */
  readonly chainVersion?: number | string;
}

export interface WalletResultCacheOptions {
  readonly ttlMs?: number;
  readonly maxEntries?: number;
}

interface Entry {
  readonly record: WalletRiskAnalysis;
  readonly storedAt: number;
  readonly bookVersion: number | string;
  readonly blacklistEpoch: number;
  readonly chainVersion: number | string;
}

export class WalletResultCache {
  readonly ttlMs: number;
  readonly maxEntries: number;
  /** Map order is recency order: a hit is moved to the end, the first entry is the one to drop. */
  readonly #entries = new Map<string, Entry>();

  constructor(options: WalletResultCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_WALLET_RESULT_TTL_MS;
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_WALLET_RESULT_CACHE_SIZE);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached record for `key`, or undefined when absent, expired, or computed from other facts. */
  get(key: WalletResultKey, now: number): WalletRiskAnalysis | undefined {
    const id = idOf(key);
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    const fresh =
      now - entry.storedAt < this.ttlMs &&
      entry.bookVersion === key.bookVersion &&
      entry.blacklistEpoch === key.blacklistEpoch &&
      entry.chainVersion === (key.chainVersion ?? 0);
    this.#entries.delete(id);
    if (!fresh) return undefined;
    this.#entries.set(id, entry);
    return entry.record;
  }

  set(key: WalletResultKey, record: WalletRiskAnalysis, now: number): void {
    const id = idOf(key);
    this.#entries.delete(id);
    this.#entries.set(id, {
      record,
      storedAt: now,
      bookVersion: key.bookVersion,
      blacklistEpoch: key.blacklistEpoch,
      chainVersion: key.chainVersion ?? 0,
    });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /**
   * The cached record, or a fresh one from `analyze` (stored for next time). `forceSearch` (the spec's
   * force_search) skips the cached record and replaces it.
   *
   * @example cache.resolve(key, now, request.force_search, () => analyzeWalletQuery(query, null, deps))
   */
  resolve(
    key: WalletResultKey,
    now: number,
    forceSearch: boolean,
    analyze: () => WalletRiskAnalysis,
  ): { readonly record: WalletRiskAnalysis; readonly cached: boolean } {
    if (!forceSearch) {
      const cached = this.get(key, now);
      if (cached !== undefined) return { record: cached, cached: true };
    }
    const record = analyze();
    this.set(key, record, now);
    return { record, cached: false };
  }

  /** Drops every entry of one client (e.g. when its settings change in ways the key does not see). */
  forgetClient(clientId: string): void {
    const prefix = `${clientId}\u0000`;
    for (const id of [...this.#entries.keys()]) if (id.startsWith(prefix)) this.#entries.delete(id);
  }

  clear(): void {
    this.#entries.clear();
  }
}

function idOf(key: WalletResultKey): string {
  return `${key.clientId}\u0000${key.network}\u0000${key.asset}\u0000${key.address}`;
}
