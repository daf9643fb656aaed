/**
 * Records on DuckDB: an append-only log on disk; in memory, one entry per live record (no body)
 * and a bounded cache of bodies. A body not cached is read back by its row's seq.
 *
 * Writes are group-committed: every put/delete waiting while a commit runs goes into the next one,
 * so N concurrent writers cost one commit (~2 ms measured) instead of N. The rows of one putAll or
 * deleteAll are queued together, and a batch is one transaction (log-inserts.ts), so they commit
 * together or not at all.
 *
 * The log is compacted (compact-log.ts) at open and, in the background, whenever superseded rows
 * outnumber live ones: a file then holds about one row per live record, not one per write.
 */
import { WardenError } from '../../model/errors.js';
import { BodyCache, DEFAULT_BODY_CACHE_CHARS } from '../body-cache.js';
import { RecordTable } from '../record-table.js';
import type { PutOptions, RecordEntry, RecordRef, RecordStore, StoredRecord } from '../store.js';
import { compactLog, type CompactionOutcome } from './compact-log.js';
import type { SerialConnection } from './connection.js';
import { LogInserts, type LogRow } from './log-inserts.js';
import { LogReads } from './log-reads.js';

interface LogEntry extends RecordEntry {
  /** The seq of the record's newest row. */
  readonly seq: number;
}

interface PendingWrite {
  readonly row: Omit<LogRow, 'seq'>;
  resolve(seq: number): void;
  reject(e: unknown): void;
}

export interface DuckDbRecordsOptions {
  /** Bound of the body cache, in JSON characters. */
  readonly bodyCacheChars?: number;
}

/** Below this many superseded rows a compaction is not worth its scan. */
const MIN_SUPERSEDED = 10_000;

export class DuckDbRecords implements RecordStore {
  readonly #table = new RecordTable<LogEntry>();
  readonly #cache: BodyCache<number, StoredRecord>;
  readonly #inserts: LogInserts;
  readonly #reads: LogReads;
  #queue: PendingWrite[] = [];
  #flushing: Promise<void> | null = null;
  #compacting: Promise<unknown> | null = null;
  #closed = false;
  #seq = 0;
  /** Rows in records_log, live or superseded. */
  #rows = 0;

  private constructor(
    private readonly con: SerialConnection,
    readCon: SerialConnection,
    options: DuckDbRecordsOptions,
  ) {
    this.#inserts = new LogInserts(con);
    this.#reads = new LogReads(readCon);
    this.#cache = new BodyCache(options.bodyCacheChars ?? DEFAULT_BODY_CACHE_CHARS);
  }

  /** `readCon` serves body reads only, so they never queue behind a commit on `con`. */
  static async open(
    con: SerialConnection,
    readCon: SerialConnection,
    options: DuckDbRecordsOptions = {},
  ): Promise<DuckDbRecords> {
    const store = new DuckDbRecords(con, readCon, options);
    await store.#load();
    return store;
  }

  /** Loads the entries only: the bodies (most of the file) stay on disk until read. */
  async #load(): Promise<void> {
    const [[rows, max]] = (await this.con.exclusive(async (raw) =>
      (await raw.runAndReadAll('SELECT count(*), coalesce(max(seq), 0) FROM records_log')).getRowsJS(),
    )) as [[bigint, bigint]];
    this.#rows = Number(rows);
    this.#seq = Number(max);
    // A plain scan, the newest row of each id chosen here: a window and a sort over the log took
    // 8.3 s of a million-transaction open against 5.2 s for the scan (bench/store/restart.ts).
    // Rows come in insertion order, but a row only replaces an older one, so order is not relied on.
    const deletedAt = new Map<string, number>();
    const scoped = (collection: string, clientId: string, id: string) =>
      `${collection}\u0000${clientId}\u0000${id}`;
    await this.con.exclusive(async (raw) => {
      const result = await raw.stream(
        `SELECT seq, collection, client_id, id, key, created_at, updated_at, tag, deleted FROM records_log`,
      );
      for await (const chunk of result.yieldRowsJs()) {
        for (const [seqValue, c, cl, i, key, createdAt, updatedAt, tag, deleted] of chunk) {
          const [seq, collection, clientId, id] = [Number(seqValue), String(c), String(cl), String(i)];
          const known = this.#table.get(collection, clientId, id);
          if (known !== undefined && known.seq > seq) continue;
          if (deleted === true) {
            deletedAt.set(scoped(collection, clientId, id), seq);
            if (known !== undefined) this.#table.remove(collection, clientId, id);
            continue;
          }
          if (deletedAt.size > 0 && (deletedAt.get(scoped(collection, clientId, id)) ?? 0) > seq) continue;
          this.#table.upsert({
            collection: this.#table.intern(collection),
            id,
            client_id: this.#table.intern(clientId),
            key: key == null ? null : String(key),
            created_at: Number(createdAt),
            updated_at: Number(updatedAt),
            tag: tag == null ? null : this.#table.intern(String(tag)),
            seq,
          });
        }
      }
    });
  }

  /** Live records. */
  get live(): number {
    return this.#table.size;
  }

  /** Rows in the log that no read will ever return. */
  get superseded(): number {
    return this.#rows - this.#table.size;
  }

  /** Deletes superseded rows now (after the writes already queued); see compact-log.ts. */
  compact(): Promise<CompactionOutcome> {
    const run = compactLog(this.con).then((outcome) => {
      this.#rows = outcome.rows;
      return outcome;
    });
    this.#compacting = run.finally(() => (this.#compacting = null));
    return run;
  }

  put<T>(record: StoredRecord<T>, options?: PutOptions): Promise<void> {
    return this.putAll([record], options);
  }

  putAll(records: readonly StoredRecord[], options?: PutOptions): Promise<void> {
    // Serialised now, so a caller changing its object later cannot change what is written. The
    // cached copy is parsed from that same JSON, so reads before and after a restart are equal;
    // one stringify and one parse cost less than half of the structuredClone plus stringify they
    // replace (27 + 34 µs vs 87 + 27 µs for a 3.5 kB transaction record, measured). A record
    // handed over is kept as it is: no copy at all.
    const jsons = records.map((r) => JSON.stringify(r.data));
    const writes = this.#enqueue(records.map((r, i) => rowOf(r, jsons[i]!)));
    return writes.then((seqs) => {
      records.forEach((record, i) => {
        const json = jsons[i]!;
        const kept = options?.handOver === true ? record : { ...record, data: JSON.parse(json) as unknown };
        this.#remember(record, seqs[i]!, kept, json.length);
      });
    });
  }

  async delete(collection: string, clientId: string, id: string): Promise<boolean> {
    return (await this.deleteAll([{ collection, client_id: clientId, id }])) === 1;
  }

  async deleteAll(refs: readonly RecordRef[]): Promise<number> {
    const existing = refs
      .map((r) => this.#table.get(r.collection, r.client_id, r.id))
      .filter((e): e is LogEntry => e !== undefined);
    if (existing.length === 0) return 0;
    const seqs = await this.#enqueue(existing.map((e) => rowOf(e, null)));
    let deleted = 0;
    existing.forEach((e, i) => {
      const current = this.#table.get(e.collection, e.client_id, e.id);
      // A put queued after the deletion (higher seq) stays.
      if (current === undefined || current.seq > seqs[i]!) return;
      this.#table.remove(e.collection, e.client_id, e.id);
      this.#cache.delete(current.seq);
      deleted++;
    });
    return deleted;
  }

  get<T>(collection: string, clientId: string, id: string): Promise<StoredRecord<T> | undefined> {
    return this.#read<T>(this.#table.get(collection, clientId, id));
  }

  getByKey<T>(collection: string, clientId: string, key: string): Promise<StoredRecord<T> | undefined> {
    return this.#read<T>(this.#table.getByKey(collection, clientId, key));
  }

  /** A cached body is answered without going through #body's awaits: most reads are hits. */
  #read<T>(entry: LogEntry | undefined): Promise<StoredRecord<T> | undefined> {
    if (entry === undefined) return Promise.resolve(undefined);
    const cached = this.#cache.get(entry.seq);
    if (cached !== undefined) return Promise.resolve(cached as StoredRecord<T>);
    return this.#body(entry) as Promise<StoredRecord<T> | undefined>;
  }

  async list<T>(collection: string, clientId?: string): Promise<StoredRecord<T>[]> {
    const entries = this.#table.list(collection, clientId);
    const misses = entries.filter((e) => this.#cache.get(e.seq) === undefined).map((e) => e.seq);
    const read = misses.length === 0 ? new Map<number, string>() : await this.#reads.many(misses);
    const out: StoredRecord<T>[] = [];
    for (const entry of entries) {
      const json = read.get(entry.seq);
      const record = json === undefined ? await this.#body(entry) : this.#cached(entry, json);
      if (record !== undefined) out.push(record as StoredRecord<T>);
    }
    return out;
  }

  entry(collection: string, clientId: string, id: string): RecordEntry | undefined {
    return this.#table.get(collection, clientId, id);
  }
  entryByKey(collection: string, clientId: string, key: string): RecordEntry | undefined {
    return this.#table.getByKey(collection, clientId, key);
  }
  entries(collection: string, clientId?: string): readonly RecordEntry[] {
    return this.#table.list(collection, clientId);
  }

  /**
   * Waits for every queued write and a running compaction, then releases the prepared statements;
   * later writes are refused. Call before the connection is closed.
   */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#flushing;
    await this.#compacting;
    await this.con.exclusive(async () => this.#inserts.close());
    await this.#reads.close();
  }

  async #body(entry: LogEntry): Promise<StoredRecord | undefined> {
    const cached = this.#cache.get(entry.seq);
    if (cached !== undefined) return cached;
    const json = await this.#reads.one(entry.seq);
    if (json !== undefined) return this.#cached(entry, json);
    // Superseded and compacted while we read: the record's newer row, if it still exists.
    const current = this.#table.get(entry.collection, entry.client_id, entry.id);
    return current !== undefined && current.seq !== entry.seq ? this.#body(current) : undefined;
  }

  #cached(entry: LogEntry, json: string): StoredRecord {
    const { seq, ...fields } = entry;
    const record: StoredRecord = { ...fields, data: JSON.parse(json) as unknown };
    // Only the record's newest row is worth keeping: an older one is never asked for again.
    if (this.#table.get(entry.collection, entry.client_id, entry.id)?.seq === seq) {
      this.#cache.set(seq, record, json.length);
    }
    return record;
  }

  #remember(record: StoredRecord, seq: number, kept: StoredRecord, size: number): void {
    const previous = this.#table.get(record.collection, record.client_id, record.id);
    if (previous !== undefined && previous.seq > seq) return;
    this.#table.upsert({
      collection: this.#table.intern(record.collection),
      id: record.id,
      client_id: this.#table.intern(record.client_id),
      key: record.key,
      created_at: record.created_at,
      updated_at: record.updated_at,
      tag: record.tag == null ? null : this.#table.intern(record.tag),
      seq,
    });
    if (previous !== undefined) this.#cache.delete(previous.seq);
    this.#cache.set(seq, kept, size);
  }

  /** Queues rows that commit together; resolves with their seqs once committed. */
  #enqueue(rows: readonly Omit<LogRow, 'seq'>[]): Promise<number[]> {
    if (this.#closed) {
      return Promise.reject(new WardenError('STORE_ERROR', 'The store is closed; the write was not stored.'));
    }
    // Pushed in one synchronous step: a flush takes the whole queue, so these rows share a batch.
    const committed = Promise.all(
      rows.map((row) => new Promise<number>((resolve, reject) => this.#queue.push({ row, resolve, reject }))),
    );
    this.#flushing ??= this.#flush();
    return committed;
  }

  async #flush(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue;
      this.#queue = [];
      // Sequence numbers follow queue order, so the newest row of an id is also the last written.
      const rows = batch.map((w) => ({ ...w.row, seq: ++this.#seq }));
      try {
        await this.#inserts.insert(rows);
        this.#rows += rows.length;
        batch.forEach((w, i) => w.resolve(rows[i]!.seq));
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
    this.#flushing = null;
    if (this.#compacting === null && this.superseded > Math.max(MIN_SUPERSEDED, this.#table.size)) {
      this.compact().catch(() => undefined); // a failed compaction leaves rows to the next one
    }
  }
}

function rowOf(record: Omit<StoredRecord, 'data'>, json: string | null): Omit<LogRow, 'seq'> {
  return {
    collection: record.collection,
    client_id: record.client_id,
    id: record.id,
    key: record.key,
    created_at: record.created_at,
    updated_at: record.updated_at,
    deleted: json === null,
    data: json,
    tag: record.tag ?? null,
  };
}
