/**
 * The in-memory view of stored records, indexed by (collection, client, id) and by unique key.
 * The memory store is this table alone; the DuckDB store keeps it as a write-through cache,
 * which is why reads are synchronous and cost a Map lookup.
 *
 * Reads go through one map per client: looking up `clientId + id` in a flat map built a new
 * string and hashed it on every read, which was 3 % of a 5,000 req/s list page (10 reads each,
 * bench/api/load.ts profile). The flat map stays for the all-clients listing and its order.
 */
import type { StoredRecord } from './store.js';

interface ClientRecords {
  readonly byId: Map<string, StoredRecord>;
  readonly byKey: Map<string, StoredRecord>;
}

interface Collection {
  /** Every record, in creation order; keyed by scoped(client, id). */
  readonly all: Map<string, StoredRecord>;
  readonly clients: Map<string, ClientRecords>;
}

const scoped = (clientId: string, value: string) => `${clientId}\u0000${value}`;

export class RecordTable {
  readonly #collections = new Map<string, Collection>();

  #collection(name: string): Collection {
    let c = this.#collections.get(name);
    if (!c) {
      c = { all: new Map(), clients: new Map() };
      this.#collections.set(name, c);
    }
    return c;
  }

  #client(c: Collection, clientId: string): ClientRecords {
    let records = c.clients.get(clientId);
    if (!records) {
      records = { byId: new Map(), byKey: new Map() };
      c.clients.set(clientId, records);
    }
    return records;
  }

  upsert(record: StoredRecord): void {
    const c = this.#collection(record.collection);
    const owned = this.#client(c, record.client_id);
    const previous = owned.byId.get(record.id);
    if (previous?.key != null) owned.byKey.delete(previous.key);
    // Re-inserting keeps Map order = creation order only for new ids; an update keeps its place.
    c.all.set(scoped(record.client_id, record.id), record);
    owned.byId.set(record.id, record);
    if (record.key != null) owned.byKey.set(record.key, record);
  }

  remove(collection: string, clientId: string, id: string): boolean {
    const c = this.#collections.get(collection);
    const owned = c?.clients.get(clientId);
    const record = owned?.byId.get(id);
    if (!c || !owned || !record) return false;
    c.all.delete(scoped(clientId, id));
    owned.byId.delete(id);
    if (record.key != null) owned.byKey.delete(record.key);
    return true;
  }

  get<T>(collection: string, clientId: string, id: string): StoredRecord<T> | undefined {
    return this.#collections.get(collection)?.clients.get(clientId)?.byId.get(id) as
      StoredRecord<T> | undefined;
  }

  getByKey<T>(collection: string, clientId: string, key: string): StoredRecord<T> | undefined {
    return this.#collections.get(collection)?.clients.get(clientId)?.byKey.get(key) as
      StoredRecord<T> | undefined;
  }

  list<T>(collection: string, clientId?: string): readonly StoredRecord<T>[] {
    const c = this.#collections.get(collection);
    if (!c) return [];
    const source = clientId === undefined ? c.all : c.clients.get(clientId)?.byId;
    if (source === undefined) return [];
    return ([...source.values()] as StoredRecord<T>[]).sort((a, b) => a.created_at - b.created_at);
  }
}
