/**
 * The storage port. The core declares what it needs; `duckdb/` (the embedded default, one file)
 * and `memory.ts` (tests, ephemeral engines) implement it, and the core never knows which runs.
 */
import type { Entity } from '../model/entity.js';
import type { EntityChange, ListVersion } from '../model/list-version.js';

/** What the store keeps in memory of every live record: everything but its body. */
export interface RecordEntry {
  readonly collection: string;
  readonly id: string;
  /** The owner. Every read is scoped by it: one client never sees another's records. */
  readonly client_id: string;
  /** An optional unique key within (collection, client), e.g. external_transaction_id. */
  readonly key: string | null;
  readonly created_at: number;
  readonly updated_at: number;
  /**
   * A short label the writer chooses (a transaction's state, a delivery's status), so that indexes
   * and scans can be built from entries without reading a single body. Null when not set.
   */
  readonly tag: string | null;
}

/** A stored document of one client: transactions, registrations, blacklist entries, onboardings… */
export interface StoredRecord<T = unknown> extends Omit<RecordEntry, 'tag'> {
  readonly tag?: string | null;
  readonly data: T;
}

/** Which record: for batch deletes. */
export type RecordRef = Pick<RecordEntry, 'collection' | 'client_id' | 'id'>;

/** How `put` treats the record it is given. */
export interface PutOptions {
  /**
   * True when the caller hands the record over: it never changes the object afterwards (a change
   * is a new object put again), so the store keeps it as it is instead of a copy, and reads return
   * it. Default false: the store keeps its own copy. For hot writers of immutable values.
   */
  readonly handOver?: boolean;
}

/**
 * Documents, written durably: a write's promise resolves only after the commit is on disk, and
 * concurrent writes share one commit (group commit). Entries (everything but the body) are read
 * synchronously from memory; bodies may have to come from disk, so body reads are async: the
 * memory a server needs grows with its live records' entries, not with every body it stored.
 */
export interface RecordStore {
  put<T>(record: StoredRecord<T>, options?: PutOptions): Promise<void>;
  /** Writes every record in one commit: all of them are stored, or none (a transactional outbox). */
  putAll(records: readonly StoredRecord[], options?: PutOptions): Promise<void>;
  delete(collection: string, clientId: string, id: string): Promise<boolean>;
  /** Deletes the records that exist, in one commit; returns how many were deleted. */
  deleteAll(refs: readonly RecordRef[]): Promise<number>;
  get<T>(collection: string, clientId: string, id: string): Promise<StoredRecord<T> | undefined>;
  getByKey<T>(collection: string, clientId: string, key: string): Promise<StoredRecord<T> | undefined>;
  /** Every record of a collection for one client (or all clients when omitted), oldest first. */
  list<T>(collection: string, clientId?: string): Promise<readonly StoredRecord<T>[]>;
  entry(collection: string, clientId: string, id: string): RecordEntry | undefined;
  entryByKey(collection: string, clientId: string, key: string): RecordEntry | undefined;
  /** The entries of a collection for one client (or all clients when omitted), oldest first. */
  entries(collection: string, clientId?: string): readonly RecordEntry[];
}

/** A parsed list ready to store: entities with their content hashes. */
export interface NewListMember {
  readonly entity_id: string;
  readonly hash: string;
  readonly text: string;
}

export interface NewListVersion {
  readonly list: string;
  readonly source: string;
  readonly publishedAt: string | null;
  readonly importedAt: number;
  readonly issues: number;
  readonly contentHash: string;
  /** Each entity by id, with its content hash and its JSON (what entityTexts gives back). */
  readonly entities: readonly NewListMember[];
}

export interface SavedListVersion {
  readonly version: ListVersion;
  /** False when the content equals the latest version of that list: nothing was written. */
  readonly created: boolean;
}

/** Watchlist versions and their entities; a diff between two versions is a query, not a re-parse. */
export interface ListStore {
  /** Stores a new version unless it equals the latest one, in one transaction. */
  saveVersion(input: NewListVersion): Promise<SavedListVersion>;
  versions(list?: string): Promise<ListVersion[]>;
  version(id: string): Promise<ListVersion | null>;
  latest(list: string): Promise<ListVersion | null>;
  entities(versionId: string): Promise<Entity[]>;
  /**
   * The version's entities as the JSON texts they were stored as (validated when the version was
   * saved), in `entities`' order: for handing them to worker threads without parsing them here.
   */
  entityTexts(versionId: string): Promise<string[]>;
  /** Entities added, changed or removed from `fromId` to `toId` (both versions of one list). */
  diff(fromId: string, toId: string): Promise<EntityChange[]>;
  /** Records that the list file of this fingerprint (engine/source-fingerprint.ts) was read into a version. */
  recordSourceFile(fingerprint: string, versionId: string): Promise<void>;
  /** The version the list file of this fingerprint was read into, while it is still its list's latest. */
  latestFromSourceFile(fingerprint: string): Promise<ListVersion | null>;
}

export interface Store {
  readonly lists: ListStore;
  readonly records: RecordStore;
  /** Where the data lives (a file path, or ":memory:"). */
  readonly location: string;
  close(): Promise<void>;
}
