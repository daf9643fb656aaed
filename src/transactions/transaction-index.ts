/**
 * The list view of a client's transactions, kept sorted by request_at so that List Transactions is a
 * binary search and a slice: O(log n + limit) per request, whatever the filters. The store's list()
 * filters and sorts the whole collection on every call, which a 5,000 req/s status endpoint cannot
 * afford. One array per client holds every transaction, plus one per state for the status filter.
 *
 * Built lazily per client from the store, then kept up to date by the service, which is the only
 * writer of the "transactions" collection.
 */
import type { TransactionState } from '../model/transaction.js';

interface Entry {
  readonly id: string;
  /** request_at, epoch ms. */
  readonly at: number;
}

interface ClientEntries {
  readonly all: Entry[];
  readonly byState: Map<TransactionState, Entry[]>;
  readonly stateOf: Map<string, TransactionState>;
}

export interface TransactionFilter {
  readonly status?: TransactionState | undefined;
  /** Inclusive bounds of request_at, epoch ms. */
  readonly start?: number | undefined;
  readonly end?: number | undefined;
}

export interface TransactionPage {
  /** Newest first. */
  readonly ids: readonly string[];
  /** Transactions matching the filter, on all pages. */
  readonly total: number;
}

/** First position whose `at` is ≥ `at` (or > `at` when `after`). */
function bound(entries: readonly Entry[], at: number, after: boolean): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const value = entries[mid]!.at;
    if (value < at || (after && value === at)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insert(entries: Entry[], entry: Entry): void {
  // Requests arrive in time order, so the common case is an append.
  const last = entries[entries.length - 1];
  if (last === undefined || last.at <= entry.at) entries.push(entry);
  else entries.splice(bound(entries, entry.at, true), 0, entry);
}

function remove(entries: Entry[], id: string, at: number): void {
  for (let i = bound(entries, at, false); i < entries.length && entries[i]!.at === at; i++) {
    if (entries[i]!.id === id) {
      entries.splice(i, 1);
      return;
    }
  }
}

export interface IndexedTransaction {
  readonly id: string;
  readonly at: number;
  readonly state: TransactionState;
}

export class TransactionIndex {
  readonly #clients = new Map<string, ClientEntries>();
  readonly #load: (clientId: string) => Iterable<IndexedTransaction>;

  /** `load` reads a client's stored transactions, once, the first time the client is touched. */
  constructor(load: (clientId: string) => Iterable<IndexedTransaction>) {
    this.#load = load;
  }

  #entries(clientId: string): ClientEntries {
    let entries = this.#clients.get(clientId);
    if (entries === undefined) {
      entries = { all: [], byState: new Map(), stateOf: new Map() };
      this.#clients.set(clientId, entries);
      for (const t of this.#load(clientId)) this.#add(entries, t);
    }
    return entries;
  }

  #add(entries: ClientEntries, t: IndexedTransaction): void {
    if (entries.stateOf.has(t.id)) return;
    const entry: Entry = { id: t.id, at: t.at };
    entries.stateOf.set(t.id, t.state);
    insert(entries.all, entry);
    let ofState = entries.byState.get(t.state);
    if (ofState === undefined) entries.byState.set(t.state, (ofState = []));
    insert(ofState, entry);
  }

  /** Loads the client's view now; call before writing a new record, so the load cannot see it twice. */
  ensure(clientId: string): void {
    this.#entries(clientId);
  }

  add(clientId: string, t: IndexedTransaction): void {
    this.#add(this.#entries(clientId), t);
  }

  /** Records a state change: the transaction moves from its state's array to the new one. */
  move(clientId: string, id: string, at: number, to: TransactionState): void {
    const entries = this.#entries(clientId);
    const from = entries.stateOf.get(id);
    if (from === undefined || from === to) return;
    remove(entries.byState.get(from) ?? [], id, at);
    entries.stateOf.set(id, to);
    let ofState = entries.byState.get(to);
    if (ofState === undefined) entries.byState.set(to, (ofState = []));
    insert(ofState, { id, at });
  }

  /** One page, newest first. `page` counts from 1; a page past the end is empty. */
  page(clientId: string, filter: TransactionFilter, page: number, limit: number): TransactionPage {
    const entries = this.#entries(clientId);
    const list = filter.status === undefined ? entries.all : (entries.byState.get(filter.status) ?? []);
    const lo = filter.start === undefined ? 0 : bound(list, filter.start, false);
    const hi = filter.end === undefined ? list.length : bound(list, filter.end, true);
    const total = Math.max(0, hi - lo);
    const ids: string[] = [];
    const first = hi - 1 - (page - 1) * limit;
    for (let i = first; i >= lo && i > first - limit; i--) ids.push(list[i]!.id);
    return { ids, total };
  }
}
