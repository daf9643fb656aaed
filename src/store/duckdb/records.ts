/**
 * Records on DuckDB: an append-only log on disk, the RecordTable in memory.
 * Writes are group-committed: every put/delete waiting while a commit runs goes into the next one,
 * so N concurrent writers cost one commit (~2 ms measured) instead of N.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { RecordTable } from '../record-table.js';
import type { RecordStore, StoredRecord } from '../store.js';
import type { SerialConnection } from './connection.js';

interface PendingWrite {
  readonly record: StoredRecord;
  readonly deleted: boolean;
  resolve(): void;
  reject(e: unknown): void;
}

export class DuckDbRecords implements RecordStore {
  readonly #table = new RecordTable();
  #queue: PendingWrite[] = [];
  #flushing = false;
  #seq = 0;

  private constructor(private readonly con: SerialConnection) {}

  static async open(con: SerialConnection): Promise<DuckDbRecords> {
    const store = new DuckDbRecords(con);
    await store.#load();
    return store;
  }

  async #load(): Promise<void> {
    const rows = await this.con.rows(
      `SELECT seq, collection, client_id, id, key, created_at, updated_at, deleted, data FROM records_log
       QUALIFY row_number() OVER (PARTITION BY collection, client_id, id ORDER BY seq DESC) = 1
       ORDER BY seq`,
    );
    const [{ max }] = (await this.con.rows('SELECT coalesce(max(seq), 0) AS max FROM records_log')) as [
      { max: bigint },
    ];
    this.#seq = Number(max);
    for (const r of rows) {
      if (r.deleted) continue;
      this.#table.upsert({
        collection: String(r.collection),
        id: String(r.id),
        client_id: String(r.client_id),
        key: r.key == null ? null : String(r.key),
        created_at: Number(r.created_at),
        updated_at: Number(r.updated_at),
        data: JSON.parse(String(r.data)) as unknown,
      });
    }
  }

  put<T>(record: StoredRecord<T>): Promise<void> {
    // Stored as JSON now, so a caller mutating its object later cannot change what was written.
    const copy = structuredClone(record) as StoredRecord;
    return this.#enqueue(copy, false).then(() => this.#table.upsert(copy));
  }

  async delete(collection: string, clientId: string, id: string): Promise<boolean> {
    const existing = this.#table.get(collection, clientId, id);
    if (!existing) return false;
    await this.#enqueue(existing, true);
    return this.#table.remove(collection, clientId, id);
  }

  get<T>(collection: string, clientId: string, id: string) {
    return this.#table.get<T>(collection, clientId, id);
  }
  getByKey<T>(collection: string, clientId: string, key: string) {
    return this.#table.getByKey<T>(collection, clientId, key);
  }
  list<T>(collection: string, clientId?: string) {
    return this.#table.list<T>(collection, clientId);
  }

  #enqueue(record: StoredRecord, deleted: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ record, deleted, resolve, reject });
      if (!this.#flushing) {
        this.#flushing = true;
        void this.#flush();
      }
    });
  }

  async #flush(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue;
      this.#queue = [];
      try {
        await this.con.transaction((c) => this.#append(c, batch));
        for (const w of batch) w.resolve();
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
    this.#flushing = false;
  }

  async #append(con: DuckDBConnection, batch: readonly PendingWrite[]): Promise<void> {
    const appender = await con.createAppender('records_log');
    try {
      for (const { record: r, deleted } of batch) {
        appender.appendBigInt(BigInt(++this.#seq));
        appender.appendVarchar(r.collection);
        appender.appendVarchar(r.client_id);
        appender.appendVarchar(r.id);
        if (r.key == null) appender.appendNull();
        else appender.appendVarchar(r.key);
        appender.appendBigInt(BigInt(r.created_at));
        appender.appendBigInt(BigInt(r.updated_at));
        appender.appendBoolean(deleted);
        if (deleted) appender.appendNull();
        else appender.appendVarchar(JSON.stringify(r.data));
        appender.endRow();
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  }
}
