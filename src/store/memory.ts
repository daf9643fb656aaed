/** The in-memory Store: the same contract as DuckDB, nothing survives the process. For tests and embedding. */
import type { Entity } from '../model/entity.js';
import type { EntityChange, ListVersion } from '../model/list-version.js';
import { WardenError } from '../model/errors.js';
import { diffMemberships, versionId, type Membership } from './list-diff.js';
import { RecordTable } from './record-table.js';
import type {
  ListStore,
  NewListVersion,
  PutOptions,
  RecordEntry,
  RecordRef,
  RecordStore,
  SavedListVersion,
  Store,
  StoredRecord,
} from './store.js';

type Kept = StoredRecord & RecordEntry;

/** Keeps every record whole: the memory store is ephemeral, so there is nothing to read back from. */
class MemoryRecords implements RecordStore {
  readonly #table = new RecordTable<Kept>();

  #kept(record: StoredRecord, options?: PutOptions): Kept {
    const owned = options?.handOver === true ? record : structuredClone(record);
    return owned.tag === undefined ? { ...owned, tag: null } : (owned as Kept);
  }
  async put<T>(record: StoredRecord<T>, options?: PutOptions): Promise<void> {
    this.#table.upsert(this.#kept(record, options));
  }
  async putAll(records: readonly StoredRecord[], options?: PutOptions): Promise<void> {
    for (const record of records) this.#table.upsert(this.#kept(record, options));
  }
  async delete(collection: string, clientId: string, id: string): Promise<boolean> {
    return this.#table.remove(collection, clientId, id) !== undefined;
  }
  async deleteAll(refs: readonly RecordRef[]): Promise<number> {
    let deleted = 0;
    for (const r of refs) if (this.#table.remove(r.collection, r.client_id, r.id)) deleted++;
    return deleted;
  }
  async get<T>(collection: string, clientId: string, id: string) {
    return this.#table.get(collection, clientId, id) as StoredRecord<T> | undefined;
  }
  async getByKey<T>(collection: string, clientId: string, key: string) {
    return this.#table.getByKey(collection, clientId, key) as StoredRecord<T> | undefined;
  }
  async list<T>(collection: string, clientId?: string) {
    return this.#table.list(collection, clientId) as StoredRecord<T>[];
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
}

class MemoryLists implements ListStore {
  readonly #versions: ListVersion[] = [];
  readonly #sourceFiles = new Map<string, string>();
  readonly #members = new Map<string, Membership>();
  readonly #bodies = new Map<string, Entity>();
  #seq = 0;

  async saveVersion(input: NewListVersion): Promise<SavedListVersion> {
    const latest = await this.latest(input.list);
    if (latest && latest.content_hash === input.contentHash) return { version: latest, created: false };
    const members = new Map<string, string>();
    for (const { entity_id, hash, text } of input.entities) {
      members.set(entity_id, hash);
      if (!this.#bodies.has(hash)) this.#bodies.set(hash, JSON.parse(text) as Entity);
    }
    const delta = diffMemberships(latest ? this.#membership(latest.id) : new Map(), members);
    const seq = ++this.#seq;
    const version: ListVersion = {
      id: versionId(input.list, seq),
      list: input.list,
      source: input.source,
      seq,
      published_at: input.publishedAt,
      content_hash: input.contentHash,
      imported_at: input.importedAt,
      entities: members.size,
      added: delta.added.length,
      changed: delta.changed.length,
      removed: delta.removed.length,
      issues: input.issues,
    };
    this.#versions.push(version);
    this.#members.set(version.id, members);
    return { version, created: true };
  }

  async recordSourceFile(fingerprint: string, versionId: string) {
    this.#sourceFiles.set(fingerprint, versionId);
  }
  async latestFromSourceFile(fingerprint: string) {
    const version = await this.version(this.#sourceFiles.get(fingerprint) ?? '');
    return version !== null && (await this.latest(version.list))?.id === version.id ? version : null;
  }

  async versions(list?: string) {
    return this.#versions.filter((v) => list === undefined || v.list === list);
  }
  async version(id: string) {
    return this.#versions.find((v) => v.id === id) ?? null;
  }
  async latest(list: string) {
    return this.#versions.findLast((v) => v.list === list) ?? null;
  }
  async entities(id: string) {
    return [...this.#membership(id).values()].map((hash) => this.#bodies.get(hash)!);
  }
  async entityTexts(id: string) {
    return (await this.entities(id)).map((e) => JSON.stringify(e));
  }

  async diff(fromId: string, toId: string): Promise<EntityChange[]> {
    const [from, to] = [this.#membership(fromId), this.#membership(toId)];
    const list = (await this.version(toId))!.list;
    if ((await this.version(fromId))!.list !== list) {
      throw new WardenError(
        'VALIDATION_ERROR',
        `Versions "${fromId}" and "${toId}" belong to different lists.`,
      );
    }
    const delta = diffMemberships(from, to);
    const change = (kind: EntityChange['change'], ids: string[], m: Membership) =>
      ids.map((entity_id) => ({
        change: kind,
        list,
        entity_id,
        entity: this.#bodies.get(m.get(entity_id)!)!,
      }));
    return [
      ...change('added', delta.added, to),
      ...change('changed', delta.changed, to),
      ...change('removed', delta.removed, from),
    ];
  }

  #membership(id: string): Membership {
    const m = this.#members.get(id);
    if (!m) throw new WardenError('RESOURCE_NOT_FOUND', `No list version has the id "${id}".`);
    return m;
  }
}

export function openMemoryStore(): Store {
  return {
    lists: new MemoryLists(),
    records: new MemoryRecords(),
    location: ':memory:',
    close: async () => {},
  };
}
