/**
 * The DuckDB store keeps entries in memory and bodies on disk: bodies past the cache are read back
 * equal, superseded copies are compacted away, settled webhook deliveries are pruned, and a
 * putAll's records are one commit.
 */
import { listMemberOf } from '../../src/lists/save-list.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import type { DuckDbRecords } from '../../src/store/duckdb/records.js';
import { openDuckDbStore, type StoredRecord } from '../../src/store/index.js';
import { WebhookOutbox } from '../../src/webhooks/index.js';
import { anEntity } from '../support/entities.js';

const dirs: string[] = [];
const aPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'warden-bounded-'));
  dirs.push(dir);
  return join(dir, 'warden.duckdb');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const aRecord = (i: number, version = 0): StoredRecord<{ i: number; version: number; text: string }> => ({
  collection: 'transactions',
  id: `tx-${i}`,
  client_id: 'client-a',
  key: `ext-${i}`,
  tag: version === 0 ? 'PROGRESS' : 'COMPLETED',
  created_at: i,
  updated_at: i + version,
  data: { i, version, text: `body ${i} `.repeat(40) },
});

/** Rows of records_log in a closed store's file. */
async function logRows(path: string): Promise<number> {
  const instance = await DuckDBInstance.create(path);
  const con = await instance.connect();
  const [[rows]] = (await con.runAndReadAll('SELECT count(*) FROM records_log')).getRowsJS() as [[bigint]];
  con.closeSync();
  instance.closeSync();
  return Number(rows);
}

describe('duckdb records beyond memory', () => {
  it('reads bodies the cache no longer holds back equal, by id and by key, before and after a restart', async () => {
    const path = aPath();
    // A cache of ~4 bodies for 60 records: most reads go to the file.
    let store = await openDuckDbStore(path, { bodyCacheChars: 2_000 });
    for (let i = 0; i < 60; i++) await store.records.put(aRecord(i));
    for (let i = 0; i < 60; i++) {
      expect((await store.records.get('transactions', 'client-a', `tx-${i}`))?.data).toEqual(aRecord(i).data);
      expect((await store.records.getByKey('transactions', 'client-a', `ext-${i}`))?.id).toBe(`tx-${i}`);
    }
    expect(store.records.entries('transactions', 'client-a').map((e) => e.id)).toHaveLength(60);
    await store.close();

    store = await openDuckDbStore(path, { bodyCacheChars: 2_000 });
    const listed = await store.records.list<{ i: number }>('transactions', 'client-a');
    expect(listed.map((r) => r.data.i)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(store.records.entry('transactions', 'client-a', 'tx-7')?.tag).toBe('PROGRESS');
    await store.close();
  });

  it('compacts superseded copies and deleted records away, keeping every live record newest copy', async () => {
    const path = aPath();
    let store = await openDuckDbStore(path);
    for (let i = 0; i < 40; i++) await store.records.put(aRecord(i));
    for (let version = 1; version <= 3; version++)
      await Promise.all(Array.from({ length: 40 }, (_, i) => store.records.put(aRecord(i, version))));
    for (let i = 0; i < 5; i++) await store.records.delete('transactions', 'client-a', `tx-${i}`);
    const outcome = await (store.records as DuckDbRecords).compact();
    expect(outcome).toEqual({ removed: 40 * 4 + 5 - 35, rows: 35 });
    // Reads after compaction still find the newest copies (their rows were kept).
    expect((await store.records.get('transactions', 'client-a', 'tx-9'))?.data).toEqual(aRecord(9, 3).data);
    await store.close();
    expect(await logRows(path)).toBe(35);

    store = await openDuckDbStore(path);
    const live = await store.records.list<{ version: number }>('transactions', 'client-a');
    expect(live).toHaveLength(35);
    expect(live.every((r) => r.data.version === 3 && r.tag === 'COMPLETED')).toBe(true);
    expect(await store.records.get('transactions', 'client-a', 'tx-0')).toBeUndefined();
    await store.close();
  });

  it('compacts at open a log that was left with superseded rows', async () => {
    const path = aPath();
    let store = await openDuckDbStore(path);
    for (let version = 0; version < 4; version++) await store.records.put(aRecord(1, version));
    await store.close();
    expect(await logRows(path)).toBe(4);
    store = await openDuckDbStore(path);
    expect((await store.records.get('transactions', 'client-a', 'tx-1'))?.data).toEqual(aRecord(1, 3).data);
    await store.close();
    expect(await logRows(path)).toBe(1);
  });

  it('prunes only settled deliveries older than the cut-off, in one commit', async () => {
    const path = aPath();
    const store = await openDuckDbStore(path);
    const outbox = new WebhookOutbox(store.records);
    const delivery = (id: string, status: string, at: number) => ({
      id,
      client_id: 'client-a',
      url: 'https://hooks.example.com/',
      event: 'transaction.state_changed',
      subject: { collection: 'transactions', id: 'tx-1' },
      envelope: { id, event: 'transaction.state_changed', created_at: at, data: null },
      status: status as 'PENDING',
      attempts: [],
      next_attempt_at: status === 'PENDING' ? at : null,
      created_at: at,
      updated_at: at,
    });
    await outbox.save(delivery('old-delivered', 'DELIVERED', 100));
    await outbox.save(delivery('old-failed', 'FAILED', 100));
    await outbox.save(delivery('old-pending', 'PENDING', 100));
    await outbox.save(delivery('new-delivered', 'DELIVERED', 5_000));
    expect(await outbox.prune(1_000)).toBe(2);
    expect((await outbox.list()).map((d) => d.id).sort()).toEqual(['new-delivered', 'old-pending']);
    await store.close();
  });

  it('writes the records of one putAll in one commit', async () => {
    const path = aPath();
    const store = await openDuckDbStore(path);
    // 100 records: more than one INSERT statement takes, so the commit spans statements.
    const records = Array.from({ length: 100 }, (_, i) => aRecord(i));
    await store.records.putAll(records);
    await store.close();
    const instance = await DuckDBInstance.create(path);
    const con = await instance.connect();
    const [[rows, distinctSeqs]] = (
      await con.runAndReadAll('SELECT count(*), max(seq) - min(seq) + 1 FROM records_log')
    ).getRowsJS() as [[bigint, bigint]];
    con.closeSync();
    instance.closeSync();
    expect(Number(rows)).toBe(100);
    expect(Number(distinctSeqs)).toBe(100); // consecutive: no other write came between them
  });

  it('rewrites a file whose log is mostly superseded into a smaller one, lists and records intact', async () => {
    const path = aPath();
    let store = await openDuckDbStore(path);
    const entity = { entity_id: 'E-1', name: 'Listed Person' };
    await store.lists.saveVersion({
      list: 'test-list',
      source: 'csv',
      publishedAt: null,
      importedAt: 1,
      issues: 0,
      contentHash: 'h1',
      entities: [listMemberOf(anEntity(entity), 'e1')],
    });
    for (let version = 0; version < 12; version++)
      await Promise.all(Array.from({ length: 200 }, (_, i) => store.records.put(aRecord(i, version))));
    // Closed before any background compaction could thin it: 2,400 rows for 200 records.
    await store.close();
    const before = statSync(path).size;

    store = await openDuckDbStore(path, { rewriteAbove: 100 });
    expect(store.records.entries('transactions')).toHaveLength(200);
    expect((await store.records.get('transactions', 'client-a', 'tx-150'))?.data).toEqual(
      aRecord(150, 11).data,
    );
    const [version] = await store.lists.versions('test-list');
    expect((await store.lists.entities(version!.id)).map((e) => e.name)).toEqual(['Listed Person']);
    await store.close();
    expect(await logRows(path)).toBe(200);
    expect(statSync(path).size).toBeLessThan(before);
  });
});
