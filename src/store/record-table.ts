/**
 * The in-memory index of stored records, by (collection, client, id) and by unique key. The memory
 * store keeps whole records in it; the DuckDB store keeps entries only (no body), so it holds one
 * small object per live record whatever the bodies weigh.
 *
 * Reads go through one map per client: looking up `clientId + id` in a flat map built a new
 * string and hashed it on every read, which was 3 % of a 5,000 req/s list page (10 reads each,
 * bench/api/load.ts profile). Collection and client strings are interned, so a million entries
 * share one copy of each instead of one per row read from disk.
 */
import type { RecordEntry } from './store.js';

interface ClientRecords<E> {
  readonly byId: Map<string, E>;
  readonly byKey: Map<string, E>;
}

type Collection<E> = Map<string, ClientRecords<E>>;

const byCreation = (a: RecordEntry, b: RecordEntry) => a.created_at - b.created_at;

export class RecordTable<E extends RecordEntry> {
  readonly #collections = new Map<string, Collection<E>>();
  readonly #strings = new Map<string, string>();
  #size = 0;

  /** Live records. */
  get size(): number {
    return this.#size;
  }

  /** The one copy of a collection or client id string. */
  intern(value: string): string {
    const known = this.#strings.get(value);
    if (known !== undefined) return known;
    this.#strings.set(value, value);
    return value;
  }

  /** Adds or replaces the entry of (collection, client, id); returns the one it replaced. */
  upsert(entry: E): E | undefined {
    let c = this.#collections.get(entry.collection);
    if (!c) this.#collections.set(entry.collection, (c = new Map()));
    let owned = c.get(entry.client_id);
    if (!owned) c.set(entry.client_id, (owned = { byId: new Map(), byKey: new Map() }));
    const previous = owned.byId.get(entry.id);
    if (previous?.key != null) owned.byKey.delete(previous.key);
    if (previous === undefined) this.#size++;
    owned.byId.set(entry.id, entry);
    if (entry.key != null) owned.byKey.set(entry.key, entry);
    return previous;
  }

  /** Removes the entry; returns it, or undefined when there was none. */
  remove(collection: string, clientId: string, id: string): E | undefined {
    const owned = this.#collections.get(collection)?.get(clientId);
    const entry = owned?.byId.get(id);
    if (!owned || !entry) return undefined;
    owned.byId.delete(id);
    if (entry.key != null) owned.byKey.delete(entry.key);
    this.#size--;
    return entry;
  }

  get(collection: string, clientId: string, id: string): E | undefined {
    return this.#collections.get(collection)?.get(clientId)?.byId.get(id);
  }

  getByKey(collection: string, clientId: string, key: string): E | undefined {
    return this.#collections.get(collection)?.get(clientId)?.byKey.get(key);
  }

  /** Oldest first (created_at). */
  list(collection: string, clientId?: string): E[] {
    const c = this.#collections.get(collection);
    if (!c) return [];
    if (clientId !== undefined) return [...(c.get(clientId)?.byId.values() ?? [])].sort(byCreation);
    const all: E[] = [];
    for (const owned of c.values()) for (const entry of owned.byId.values()) all.push(entry);
    return all.sort(byCreation);
  }
}
