/**
 * A few small collections kept whole in memory, loaded at open and written through to the store:
 * for state read synchronously on hot paths whose size is set by configuration, not by traffic
 * (clients, the token signing key, blacklists). Everything else is read from the store, whose
 * memory holds entries only.
 *
 * The owner must be the only writer of its collections: a write straight to the store is not seen.
 */
import { RecordTable } from './record-table.js';
import type { PutOptions, RecordEntry, RecordStore, StoredRecord } from './store.js';

type Kept = StoredRecord & RecordEntry;

export class ResidentRecords {
  readonly #table = new RecordTable<Kept>();

  private constructor(readonly store: RecordStore) {}

  static async open(store: RecordStore, collections: readonly string[]): Promise<ResidentRecords> {
    const resident = new ResidentRecords(store);
    for (const collection of collections) {
      for (const record of await store.list(collection)) resident.#table.upsert(kept(record));
    }
    return resident;
  }

  get<T>(collection: string, clientId: string, id: string): StoredRecord<T> | undefined {
    return this.#table.get(collection, clientId, id) as StoredRecord<T> | undefined;
  }

  getByKey<T>(collection: string, clientId: string, key: string): StoredRecord<T> | undefined {
    return this.#table.getByKey(collection, clientId, key) as StoredRecord<T> | undefined;
  }

  /** Oldest first. */
  list<T>(collection: string, clientId?: string): readonly StoredRecord<T>[] {
    return this.#table.list(collection, clientId) as StoredRecord<T>[];
  }

  async put<T>(record: StoredRecord<T>, options?: PutOptions): Promise<void> {
    await this.store.put(record, options);
    this.#table.upsert(kept(options?.handOver === true ? record : structuredClone(record)));
  }

  /**
   * Takes into memory records the owner has just written to the store itself, in a commit shared
   * with other collections (`RecordStore.putAll`); they must be handed over, as with `put`.
   */
  adopt(records: readonly StoredRecord[]): void {
    for (const record of records) this.#table.upsert(kept(record));
  }

  async delete(collection: string, clientId: string, id: string): Promise<boolean> {
    const deleted = await this.store.delete(collection, clientId, id);
    this.#table.remove(collection, clientId, id);
    return deleted;
  }
}

function kept(record: StoredRecord): Kept {
  return record.tag === undefined ? { ...record, tag: null } : (record as Kept);
}
