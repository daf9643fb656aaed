/**
 * Records on DuckDB: an append-only log on disk, the RecordTable in memory.
 * Writes are group-committed: every put/delete waiting while a commit runs goes into the next one,
 * so N concurrent writers cost one commit (~2 ms measured) instead of N.
 */
import { WardenError } from '../../model/errors.js';
import { RecordTable } from '../record-table.js';
import type { PutOptions, RecordStore, StoredRecord } from '../store.js';
import type { SerialConnection } from './connection.js';
import { LogInserts, type LogRow } from './log-inserts.js';

interface PendingWrite {
  readonly row: LogRow;
  resolve(): void;
  reject(e: unknown): void;
}

export class DuckDbRecords implements RecordStore {
  readonly #table = new RecordTable();
  readonly #inserts: LogInserts;
  #queue: PendingWrite[] = [];
  #flushing: Promise<void> | null = null;
  #closed = false;
  #seq = 0;

  private constructor(private readonly con: SerialConnection) {
    this.#inserts = new LogInserts(con);
  }

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

  put<T>(record: StoredRecord<T>, options?: PutOptions): Promise<void> {
    // Serialised now, so a caller changing its object later cannot change what is written. The
    // memory copy is parsed from that same JSON, so reads before and after a restart are equal;
    // one stringify and one parse cost less than half of the structuredClone plus stringify they
    // replace (27 + 34 µs vs 87 + 27 µs for a 3.5 kB transaction record, measured). A record
    // handed over is kept as it is: no copy at all.
    const json = JSON.stringify(record.data);
    const kept = options?.handOver === true ? record : { ...record, data: JSON.parse(json) as unknown };
    return this.#enqueue(record, json).then(() => this.#table.upsert(kept));
  }

  async delete(collection: string, clientId: string, id: string): Promise<boolean> {
    const existing = this.#table.get(collection, clientId, id);
    if (!existing) return false;
    await this.#enqueue(existing, null);
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

  /**
   * Waits for every queued write to commit, then releases the prepared statements; later writes
   * are refused. Call before the connection is closed.
   */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#flushing;
    await this.con.exclusive(async () => this.#inserts.close());
  }

  /** Queues one log row: the record with its JSON, or (json null) its deletion. */
  #enqueue(record: StoredRecord, json: string | null): Promise<void> {
    if (this.#closed) {
      return Promise.reject(new WardenError('STORE_ERROR', 'The store is closed; the write was not stored.'));
    }
    return new Promise<void>((resolve, reject) => {
      const row: LogRow = {
        seq: 0,
        collection: record.collection,
        client_id: record.client_id,
        id: record.id,
        key: record.key,
        created_at: record.created_at,
        updated_at: record.updated_at,
        deleted: json === null,
        data: json,
      };
      this.#queue.push({ row, resolve, reject });
      this.#flushing ??= this.#flush();
    });
  }

  async #flush(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue;
      this.#queue = [];
      // Sequence numbers follow queue order, so the newest row of an id is also the last written.
      const rows = batch.map((w) => ({ ...w.row, seq: ++this.#seq }));
      try {
        await this.#inserts.insert(rows);
        for (const w of batch) w.resolve();
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
    this.#flushing = null;
  }
}
