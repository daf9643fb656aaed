/**
 * The in-memory view of stored records, indexed by (collection, client, id) and by unique key.
 * The memory store is this table alone; the DuckDB store keeps it as a write-through cache,
 * which is why reads are synchronous and cost a Map lookup.
 */
import type { StoredRecord } from './store.js';

interface Collection {
  readonly byId: Map<string, StoredRecord>;
  readonly byKey: Map<string, StoredRecord>;
}

const scoped = (clientId: string, value: string) => `${clientId}\u0000${value}`;

export class RecordTable {
  readonly #collections = new Map<string, Collection>();

  #collection(name: string): Collection {
    let c = this.#collections.get(name);
    if (!c) {
      c = { byId: new Map(), byKey: new Map() };
      this.#collections.set(name, c);
    }
    return c;
  }

  upsert(record: StoredRecord): void {
    const c = this.#collection(record.collection);
    const id = scoped(record.client_id, record.id);
    const previous = c.byId.get(id);
    if (previous?.key != null) c.byKey.delete(scoped(previous.client_id, previous.key));
    // Re-inserting keeps Map order = creation order only for new ids; an update keeps its place.
    c.byId.set(id, record);
    if (record.key != null) c.byKey.set(scoped(record.client_id, record.key), record);
  }

  remove(collection: string, clientId: string, id: string): boolean {
    const c = this.#collections.get(collection);
    const record = c?.byId.get(scoped(clientId, id));
    if (!c || !record) return false;
    c.byId.delete(scoped(clientId, id));
    if (record.key != null) c.byKey.delete(scoped(clientId, record.key));
    return true;
  }

  get<T>(collection: string, clientId: string, id: string): StoredRecord<T> | undefined {
    return this.#collections.get(collection)?.byId.get(scoped(clientId, id)) as StoredRecord<T> | undefined;
  }

  getByKey<T>(collection: string, clientId: string, key: string): StoredRecord<T> | undefined {
    return this.#collections.get(collection)?.byKey.get(scoped(clientId, key)) as StoredRecord<T> | undefined;
  }

  list<T>(collection: string, clientId?: string): readonly StoredRecord<T>[] {
    const c = this.#collections.get(collection);
    if (!c) return [];
    const all = [...c.byId.values()] as StoredRecord<T>[];
    const owned = clientId === undefined ? all : all.filter((r) => r.client_id === clientId);
    return owned.sort((a, b) => a.created_at - b.created_at);
  }
}
