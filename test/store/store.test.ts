import { listMemberOf } from '../../src/lists/save-list.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDuckDbStore, openMemoryStore, type NewListVersion, type Store } from '../../src/store/index.js';
import type { Entity } from '../../src/model/entity.js';
import { anEntity } from '../support/entities.js';

const hashOf = (e: Entity) => `${e.entity_id}:${e.name}`;
function aVersion(entities: Entity[], overrides: Partial<NewListVersion> = {}): NewListVersion {
  return {
    list: 'test-list',
    source: 'csv',
    publishedAt: '2024-01-01',
    importedAt: 1_700_000_000_000,
    issues: 0,
    contentHash: entities.map(hashOf).join('|'),
    entities: entities.map((entity) => listMemberOf(entity, hashOf(entity))),
    ...overrides,
  };
}
const aRecord = (id: string, client = 'client-a', data: unknown = { n: id }) => ({
  collection: 'transactions',
  id,
  client_id: client,
  key: `ext-${id}`,
  created_at: Number(id.replace(/\D/g, '') || 0),
  updated_at: 0,
  data,
});

const dirs: string[] = [];
const factories: [string, () => Promise<Store>][] = [
  ['memory', async () => openMemoryStore()],
  [
    'duckdb',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'warden-store-'));
      dirs.push(dir);
      return openDuckDbStore(join(dir, 'warden.duckdb'));
    },
  ],
];

describe.each(factories)('%s store', (_name, open) => {
  let store: Store;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('round-trips records, scoped by client and findable by key', async () => {
    await store.records.put(aRecord('1'));
    await store.records.put(aRecord('2', 'client-b'));
    expect((await store.records.get('transactions', 'client-a', '1'))?.data).toEqual({ n: '1' });
    expect(await store.records.get('transactions', 'client-b', '1')).toBeUndefined();
    expect((await store.records.getByKey('transactions', 'client-b', 'ext-2'))?.id).toBe('2');
    expect((await store.records.list('transactions', 'client-a')).map((r) => r.id)).toEqual(['1']);
    expect((await store.records.list('transactions')).map((r) => r.id)).toEqual(['1', '2']);
  });

  it('updates in place and deletes', async () => {
    await store.records.put(aRecord('1', 'client-a', { state: 'PROGRESS' }));
    await store.records.put(aRecord('1', 'client-a', { state: 'COMPLETED' }));
    expect(await store.records.list('transactions', 'client-a')).toHaveLength(1);
    expect((await store.records.get('transactions', 'client-a', '1'))?.data).toEqual({ state: 'COMPLETED' });
    expect(await store.records.delete('transactions', 'client-b', '1')).toBe(false);
    expect(await store.records.delete('transactions', 'client-a', '1')).toBe(true);
    expect(await store.records.getByKey('transactions', 'client-a', 'ext-1')).toBeUndefined();
  });

  it('commits concurrent writes together without losing any', async () => {
    await Promise.all(Array.from({ length: 200 }, (_, i) => store.records.put(aRecord(String(i + 1)))));
    expect(await store.records.list('transactions', 'client-a')).toHaveLength(200);
  });

  it('keeps its own copy of a record, unless the record is handed over', async () => {
    const data = { state: 'PROGRESS' };
    await store.records.put(aRecord('1', 'client-a', data));
    data.state = 'CHANGED LATER';
    expect((await store.records.get('transactions', 'client-a', '1'))?.data).toEqual({ state: 'PROGRESS' });
    const handed = aRecord('2', 'client-a', { state: 'COMPLETED' });
    await store.records.put(handed, { handOver: true });
    expect((await store.records.get('transactions', 'client-a', '2'))?.data).toBe(handed.data);
  });

  it("lists a client's records and all records in creation order, updates keeping their place", async () => {
    await store.records.put(aRecord('3', 'client-b'));
    await store.records.put(aRecord('1', 'client-a'));
    await store.records.put(aRecord('2', 'client-b'));
    await store.records.put(aRecord('3', 'client-b', { n: 'updated' }));
    expect((await store.records.list('transactions', 'client-b')).map((r) => r.id)).toEqual(['2', '3']);
    expect((await store.records.list('transactions')).map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(await store.records.list('transactions', 'client-c')).toEqual([]);
    expect(await store.records.list('unknown-collection')).toEqual([]);
  });

  it('saves list versions and reports added, changed and removed against the latest', async () => {
    const a = anEntity({ entity_id: 'A' });
    const b = anEntity({ entity_id: 'B', name: 'PETROV, Oleg' });
    const first = await store.lists.saveVersion(aVersion([a, b]));
    expect(first.created).toBe(true);
    expect(first.version).toMatchObject({ entities: 2, added: 2, changed: 0, removed: 0 });

    const b2 = { ...b, name: 'PETROV, Oleg Ivanovich' };
    const c = anEntity({ entity_id: 'C', name: 'SIDOROV, Anton' });
    const second = await store.lists.saveVersion(aVersion([b2, c]));
    expect(second.version).toMatchObject({ entities: 2, added: 1, changed: 1, removed: 1 });
    expect(second.version.seq).toBeGreaterThan(first.version.seq);

    const diff = await store.lists.diff(first.version.id, second.version.id);
    expect(diff.map((d) => [d.change, d.entity_id])).toEqual([
      ['added', 'C'],
      ['changed', 'B'],
      ['removed', 'A'],
    ]);
    expect(diff.find((d) => d.change === 'changed')?.entity.name).toBe('PETROV, Oleg Ivanovich');
    expect(diff.find((d) => d.change === 'removed')?.entity.name).toBe(a.name);
    expect((await store.lists.entities(first.version.id)).map((e) => e.entity_id)).toEqual(['A', 'B']);
    // The stored texts, unparsed, are the same entities in the same order.
    const texts = await store.lists.entityTexts(second.version.id);
    expect(texts.map((t) => JSON.parse(t) as unknown)).toEqual(await store.lists.entities(second.version.id));
    await expect(store.lists.entityTexts('nope@9')).rejects.toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
  });

  it('creates no new version when the same content is imported twice', async () => {
    const entities = [anEntity({ entity_id: 'A' })];
    const first = await store.lists.saveVersion(aVersion(entities));
    const again = await store.lists.saveVersion(aVersion(entities, { importedAt: 1_800_000_000_000 }));
    expect(again.created).toBe(false);
    expect(again.version.id).toBe(first.version.id);
    expect(await store.lists.versions('test-list')).toHaveLength(1);
  });

  it('answers for a list file only while the version it was read into is its list latest', async () => {
    const first = await store.lists.saveVersion(aVersion([anEntity({ entity_id: 'A' })]));
    await store.lists.recordSourceFile('file-1', first.version.id);
    expect((await store.lists.latestFromSourceFile('file-1'))?.id).toBe(first.version.id);
    expect(await store.lists.latestFromSourceFile('file-2')).toBeNull();
    // Another list's newer version does not supersede it; its own list's does.
    await store.lists.saveVersion(aVersion([anEntity({ entity_id: 'B' })], { list: 'other-list' }));
    expect((await store.lists.latestFromSourceFile('file-1'))?.id).toBe(first.version.id);
    await store.lists.saveVersion(aVersion([anEntity({ entity_id: 'C' })]));
    expect(await store.lists.latestFromSourceFile('file-1')).toBeNull();
  });

  it('refuses an unknown version id with RESOURCE_NOT_FOUND', async () => {
    await expect(store.lists.entities('nope@9')).rejects.toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
  });
});

describe('duckdb store file', () => {
  it('keeps records and list versions across a close and reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-store-'));
    const path = join(dir, 'warden.duckdb');
    try {
      const store = await openDuckDbStore(path);
      await store.records.put(aRecord('7'));
      await store.records.put(aRecord('8'));
      await store.records.delete('transactions', 'client-a', '8');
      const saved = await store.lists.saveVersion(aVersion([anEntity({ entity_id: 'A' })]));
      await store.close();

      const reopened = await openDuckDbStore(path);
      expect((await reopened.records.get('transactions', 'client-a', '7'))?.data).toEqual({ n: '7' });
      expect(await reopened.records.get('transactions', 'client-a', '8')).toBeUndefined();
      expect(await reopened.lists.latest('test-list')).toEqual(saved.version);
      await reopened.records.put(aRecord('9'));
      expect((await reopened.records.list('transactions', 'client-a')).map((r) => r.id)).toEqual(['7', '9']);
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a commit of more rows than one statement takes, and the newest row of an id wins', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-store-'));
    const path = join(dir, 'warden.duckdb');
    try {
      const store = await openDuckDbStore(path);
      // One put in flight, then 100 queued behind it: they share the next commit (over 32 rows).
      const writes = [store.records.put(aRecord('1', 'client-a', { v: 0 }))];
      for (let i = 1; i <= 100; i++) writes.push(store.records.put(aRecord(String(i), 'client-a', { v: i })));
      await Promise.all(writes);
      expect(await store.records.delete('transactions', 'client-a', '50')).toBe(true);
      await store.close();
      const reopened = await openDuckDbStore(path);
      expect(await reopened.records.list('transactions', 'client-a')).toHaveLength(99);
      expect((await reopened.records.get('transactions', 'client-a', '1'))?.data).toEqual({ v: 1 });
      expect(await reopened.records.get('transactions', 'client-a', '50')).toBeUndefined();
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stores every write queued before close and refuses writes after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-store-'));
    const path = join(dir, 'warden.duckdb');
    try {
      const store = await openDuckDbStore(path);
      const queued = [store.records.put(aRecord('1')), store.records.put(aRecord('2'))];
      const closed = store.close();
      await expect(store.records.put(aRecord('3'))).rejects.toMatchObject({ code: 'STORE_ERROR' });
      await Promise.all(queued);
      await closed;
      const reopened = await openDuckDbStore(path);
      expect((await reopened.records.list('transactions', 'client-a')).map((r) => r.id)).toEqual(['1', '2']);
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a clear STORE_ERROR for a path that cannot be opened', async () => {
    await expect(openDuckDbStore('/nonexistent-dir/x/warden.duckdb')).rejects.toMatchObject({
      code: 'STORE_ERROR',
      message: expect.stringContaining('/nonexistent-dir/x/warden.duckdb'),
    });
  });
});
