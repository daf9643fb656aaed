/**
 * `runBatch` for a client (issue #30) on a real DuckDB store: the client's suppressions move its
 * decided pairs to suppressed_matches, counted apart in the summary, the run record and the report;
 * the same name under another external_id, or an entity changed since the decision, still counts;
 * delta runs honour them too; and the run feeds the client's review queue once per new match.
 */
import { listMemberOf } from '../../src/lists/save-list.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readRunRecord,
  runBatch,
  type RowResult,
  type RunBatchOptions,
  type ScreenedRow,
} from '../../src/batch/index.js';
import { openClientRegistry } from '../../src/clients/index.js';
import { entityContentHash, listContentHash } from '../../src/lists/content-hash.js';
import type { BatchHit } from '../../src/model/batch-hit.js';
import type { Entity, EntityInput } from '../../src/model/entity.js';
import type { Suppression } from '../../src/model/suppression.js';
import { BATCH_HITS_COLLECTION, openSuppressions } from '../../src/review/index.js';
import { openDuckDbStore, type Store } from '../../src/store/index.js';
import { anEntity } from '../support/entities.js';
import { tempDbPath } from '../support/temp-stores.js';
import {
  byId,
  readJsonl,
  stopAfterFirstCheckpoint,
  tempFolder,
  writePortfolio,
} from './support/batch-fixtures.js';

const NOW = Date.parse('2026-05-01T10:00:00Z');
const person = (entity_id: string, name: string, overrides: Partial<EntityInput> = {}) =>
  anEntity({ list: 'watch', entity_id, name, aliases: [], birth_dates: [], nationalities: [], ...overrides });

const QUILLON = person('W-1', 'Quillon Vexbridge Ormathwaite');
const TARVIK = person('W-2', 'Tarvik Nolmesteen Arbuckle');
const ZEPHRAM = person('W-3', 'Zephram Oldcastle Brimmage');
/** Version 2: Tarvik's entry gains a birth date; Marisol is added. */
const TARVIK_2 = person('W-2', 'Tarvik Nolmesteen Arbuckle', { birth_dates: [{ date: '1955-04-04' }] });
const MARISOL = person('W-4', 'Marisol Quenby Hartwell');

const PORTFOLIO = [
  'c-1,Quillon Vexbridge Ormathwaite',
  'c-2,Quillon Vexbridge Ormathwaite',
  'c-3,Tarvik Nolmesteen Arbuckle',
  'c-4,Zephram Oldcastle Brimmage',
  'c-5,Maribel Ostrander',
  'c-6,Marisol Quenby Hartwell',
];

async function saveVersion(store: Store, entities: Entity[], at: number): Promise<string> {
  const saved = await store.lists.saveVersion({
    list: 'watch',
    source: 'csv',
    publishedAt: null,
    importedAt: at,
    issues: 0,
    contentHash: listContentHash(entities),
    entities: entities.map((entity) => listMemberOf(entity)),
  });
  return saved.version.id;
}

function screened(result: RowResult | undefined): ScreenedRow {
  if (result === undefined || 'error' in result) throw new Error(`not screened: ${JSON.stringify(result)}`);
  return result;
}

const counted = (r: RowResult | undefined) => screened(r).matches.map((m) => m.entity_id);
const suppressed = (r: RowResult | undefined) =>
  (screened(r).suppressed_matches ?? []).map((m) => [m.entity_id, m.suppressed_by]);

describe('runBatch for a client (DuckDB store)', () => {
  let dir: string;
  let db: { path: string; remove: () => void };
  let store: Store;
  let clientId: string;
  let portfolio: string;
  let v1: string;
  const run = (name: string, more: Partial<RunBatchOptions> = {}) =>
    runBatch({ portfolio, out: join(dir, name), store, workers: 0, progress: 'off', ...more });

  beforeAll(async () => {
    dir = tempFolder('warden-batch-review-');
    db = tempDbPath('warden-batch-review-db-');
    store = await openDuckDbStore(db.path);
    v1 = await saveVersion(store, [QUILLON, TARVIK, ZEPHRAM], NOW);
    clientId = (
      await (await openClientRegistry(store.records, { now: NOW })).createClient({ name: 'Acme', now: NOW })
    ).client_id;
    // What the desk records when approvers approve suppressing false positives (review/suppressions.ts).
    const book = await openSuppressions(
      store.records,
      () => undefined,
      () => NOW,
    );
    const suppression = (id: string, customer: string, entity: Entity): Suppression => ({
      id,
      customer_external_id: customer,
      list: entity.list,
      entity_id: entity.entity_id,
      entity_name: entity.name,
      content_hash: entityContentHash(entity),
      list_version: v1,
      decision_id: `rvd_${id}`,
      decided_by: 'ana',
      approved_by: 'pablo',
      created_at: NOW,
      status: 'ACTIVE',
      status_changed_at: null,
      revoked_by: null,
    });
    await store.records.putAll([
      book.recordOf(clientId, suppression('s1', 'c-1', QUILLON)),
      book.recordOf(clientId, suppression('s2', 'c-3', TARVIK)),
      // Decided after version 2 was imported, on Marisol's entry as it is there.
      book.recordOf(clientId, suppression('s3', 'c-6', MARISOL)),
    ]);
    portfolio = writePortfolio(dir, 'portfolio.csv', PORTFOLIO, 'external_id,full_name');
  });
  afterAll(async () => {
    await store.close();
    db.remove();
  });

  it('moves the decided pairs to suppressed_matches and counts them apart', async () => {
    const summary = await run('full.jsonl', { review: { clientId } });
    const rows = byId(readJsonl(join(dir, 'full.jsonl')));
    expect(suppressed(rows.get('c-1'))).toEqual([['W-1', 'rvd_s1']]);
    expect(counted(rows.get('c-1'))).toEqual([]);
    expect(rows.get('c-1')).toMatchObject({ risk_level: 'NONE' });
    // The same name under another external_id is not the decided customer.
    expect(counted(rows.get('c-2'))).toEqual(['W-1']);
    expect(rows.get('c-2')).not.toHaveProperty('suppressed_matches');
    expect(suppressed(rows.get('c-3'))).toEqual([['W-2', 'rvd_s2']]);
    expect(counted(rows.get('c-4'))).toEqual(['W-3']);

    expect(summary).toMatchObject({
      matched_rows: 2,
      matches: 2,
      review: {
        client_id: clientId,
        suppressions: 3,
        suppressed_matches: 2,
        suppressed_rows: 2,
        queued_items: null,
      },
    });
    expect((await readRunRecord(join(dir, 'full.jsonl'))).review).toEqual({
      client_id: clientId,
      suppressed_matches: 2,
      suppressed_rows: 2,
      queued_items: null,
    });
    const report = readFileSync(summary.report!, 'utf8');
    expect(report).toContain('suppressed matches');
    expect(report).toContain(`2 on 2 rows: decided false positives of client ${clientId}`);
  });

  it('changes nothing without a client', async () => {
    const summary = await run('plain.csv');
    expect(summary).not.toHaveProperty('review');
    expect(summary.matches).toBe(4);
    const [header, ...lines] = readFileSync(join(dir, 'plain.csv'), 'utf8').trim().split('\n');
    expect(header!.endsWith(',warnings')).toBe(true);
    expect(lines.filter((l) => l.startsWith('c-1,'))[0]).toContain(',watch,W-1,');
    expect((await readRunRecord(join(dir, 'plain.csv'))).review).toBeNull();
  });

  it('writes a suppressed match to CSV with its decision, on a worker thread', async () => {
    await run('client.csv', { review: { clientId }, workers: 1 });
    const [header, ...lines] = readFileSync(join(dir, 'client.csv'), 'utf8').trim().split('\n');
    expect(header!.endsWith(',warnings,suppressed_by')).toBe(true);
    const c1 = lines.filter((l) => l.startsWith('c-1,'));
    expect(c1).toHaveLength(1);
    expect(c1[0]).toMatch(/^c-1,NONE,watch,W-1,.*,suppressed,.*,rvd_s1$/);
  });

  it('applies no suppression whose entity changed, and honours the rest in a delta run', async () => {
    await saveVersion(store, [QUILLON, TARVIK_2, ZEPHRAM, MARISOL], NOW + 1_000);
    await run('v2.jsonl', { review: { clientId } });
    const rows = byId(readJsonl(join(dir, 'v2.jsonl')));
    expect(counted(rows.get('c-3'))).toEqual(['W-2']);
    expect(rows.get('c-3')).not.toHaveProperty('suppressed_matches');
    expect(suppressed(rows.get('c-1'))).toEqual([['W-1', 'rvd_s1']]);

    const summary = await run('delta.jsonl', { review: { clientId }, deltaSince: v1 });
    const delta = byId(readJsonl(join(dir, 'delta.jsonl')));
    expect(counted(delta.get('c-3'))).toEqual(['W-2']);
    expect(suppressed(delta.get('c-6'))).toEqual([['W-4', 'rvd_s3']]);
    expect(counted(delta.get('c-6'))).toEqual([]);
    expect(summary.review).toMatchObject({ suppressed_matches: 1, suppressed_rows: 1 });
  });

  it('feeds the review queue with the counted matches, once', async () => {
    const first = await run('fed.jsonl', { review: { clientId, feedQueue: true, now: () => NOW } });
    expect(first.review).toMatchObject({ queued_items: 3, queued_matches: 3 });
    const hits = (await store.records.list<BatchHit>(BATCH_HITS_COLLECTION, clientId)).map((r) => r.data);
    expect(hits.map((h) => [h.customer_external_id, h.matches.map((m) => m.entity_id)]).sort()).toEqual([
      ['c-2', ['W-1']],
      ['c-3', ['W-2']],
      ['c-4', ['W-3']],
    ]);
    expect(hits[0]!.run.out).toBe(join(dir, 'fed.jsonl'));
    expect(hits[0]!.matches[0]!.content_hash).toMatch(/^[0-9a-f]{64}$/);

    const again = await run('fed-again.jsonl', { review: { clientId, feedQueue: true } });
    expect(again.review).toMatchObject({ queued_items: 0, queued_matches: 0 });
    expect((await readRunRecord(join(dir, 'fed-again.jsonl'))).review?.queued_items).toBe(0);
  });

  it('queues each new match once across an interrupted run and its resume', async () => {
    const registry = await openClientRegistry(store.records, { now: NOW });
    const fresh = (await registry.createClient({ name: 'Fresh', now: NOW })).client_id;
    const out = join(dir, 'resumed.jsonl');
    const options = {
      review: { clientId: fresh, feedQueue: true },
      chunkSize: 1,
      checkpointIntervalMs: 0,
    };
    const interrupted = await run('resumed.jsonl', { ...options, signal: stopAfterFirstCheckpoint(out) });
    expect(interrupted.status).toBe('interrupted');
    const resumed = await run('resumed.jsonl', { ...options, resume: true });
    expect(resumed.status).toBe('completed');
    expect(resumed.review).toMatchObject({ queued_items: 5, queued_matches: 5 });
    const hits = (await store.records.list<BatchHit>(BATCH_HITS_COLLECTION, fresh)).map((r) => r.data);
    expect(hits.map((h) => [h.customer_external_id, h.matches.length]).sort()).toEqual([
      ['c-1', 1],
      ['c-2', 1],
      ['c-3', 1],
      ['c-4', 1],
      ['c-6', 1],
    ]);
  });
});
