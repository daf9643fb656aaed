import { listMemberOf } from '../../src/lists/save-list.js';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  generatePortfolio,
  indexCurrentLists,
  readRunRecord,
  runBatch,
  type RowResult,
} from '../../src/batch/index.js';
import { entityContentHash, listContentHash } from '../../src/lists/content-hash.js';
import { parseOfacLegacy } from '../../src/lists/ofac-legacy.js';
import type { Entity } from '../../src/model/entity.js';
import { openDuckDbStore, type Store } from '../../src/store/index.js';
import { indexLists, prepareScreening, selectSlice } from '../../src/batch/chunk-task.js';
import { baselineOfVersion, planDelta } from '../../src/batch/delta.js';
import { RowSourcesManifest } from '../../src/batch/row-sources.js';
import { gateSlices } from '../../src/batch/row-sources-reach.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/index.js';
import { describeWithDatasets } from '../support/datasets.js';
import {
  OFAC_2023,
  OFAC_2024,
  readJsonl,
  stopAfterFirstCheckpoint,
  tempFolder,
} from './support/batch-fixtures.js';

/** sdn.csv alone: the 2024-05-03 folder has no alt/add files, so both versions are read alike. */
function readSdnCsv(folder: string): Entity[] {
  return parseOfacLegacy({ sdn: readFileSync(join(folder, 'sdn.csv'), 'utf8') }).entities;
}

async function saveVersion(store: Store, entities: Entity[], publishedAt: string): Promise<string> {
  const saved = await store.lists.saveVersion({
    list: 'ofac-sdn',
    source: 'ofac',
    publishedAt,
    importedAt: Date.parse(publishedAt),
    issues: 0,
    contentHash: listContentHash(entities),
    entities: entities.map((entity) => listMemberOf(entity)),
  });
  return saved.version.id;
}

/** "external_id list:entity_id strength" of every match. */
function matchKeys(results: readonly RowResult[], keep: (key: string) => boolean = () => true): Set<string> {
  const keys = new Set<string>();
  for (const r of results) {
    if ('error' in r) continue;
    for (const m of r.matches) {
      const key = `${m.list}:${m.entity_id}`;
      if (keep(key)) keys.add(`${r.external_id} ${key} ${m.strength}`);
    }
  }
  return keys;
}

describeWithDatasets('delta re-screening (OFAC SDN 2023-12-28 → 2024-05-03)', () => {
  let dir: string;
  let store: Store;
  let v1: Entity[];
  let v2: Entity[];
  let firstVersion: string;
  let portfolio: string;
  let fullRun: string;
  const out = () => join(dir, 'results.jsonl');
  /** "list:entity_id" of the entities added or changed between the two versions. */
  const changed = () => {
    const hash1 = new Map(v1.map((e) => [e.entity_id, entityContentHash(e)]));
    return new Set(
      v2.filter((e) => hash1.get(e.entity_id) !== entityContentHash(e)).map((e) => `ofac-sdn:${e.entity_id}`),
    );
  };

  beforeAll(async () => {
    dir = tempFolder('warden-delta-');
    store = await openDuckDbStore(join(dir, 'warden.duckdb'));
    v1 = readSdnCsv(OFAC_2023());
    v2 = readSdnCsv(OFAC_2024());
    const before = new Set(v1.map((e) => e.entity_id));
    const after = new Set(v2.map((e) => e.entity_id));
    const added = v2.filter((e) => !before.has(e.entity_id));
    const removed = v1.filter((e) => !after.has(e.entity_id));
    portfolio = join(dir, 'portfolio.csv');
    await generatePortfolio(portfolio, {
      rows: 3000,
      seed: 3,
      listed: [...added, ...removed],
      listedShare: 0.06,
    });
    firstVersion = await saveVersion(store, v1, '2023-12-28');
    // Last night's full run, against the 2023 list only; a copy keeps its output and sidecar.
    await runBatch({ portfolio, out: out(), store, workers: 0, progress: 'off' });
    for (const suffix of ['', '.sources.json', '.sources.bin', '.sources.txt', '.sources.postings'])
      copyFileSync(`${out()}${suffix}`, join(dir, `last-night.jsonl${suffix}`));
    await saveVersion(store, v2, '2024-05-03');
    fullRun = join(dir, 'full.jsonl');
    await runBatch({ portfolio, out: fullRun, store, workers: 0, progress: 'off' });
  });
  afterAll(async () => store?.close());

  it('finds every match to the added and changed entities that a full run finds, reading only the rows that can meet them', async () => {
    const full = fullRun;
    const summary = await runBatch({
      portfolio,
      out: out(),
      store,
      deltaSince: 'last',
      workers: 0,
      progress: 'off',
    });

    const delta = changed();
    expect(summary.delta).toMatchObject({
      since: 'last',
      entities: delta.size,
      row_sources: `${out()}.sources`,
      full_scan_reason: null,
    });
    // Rows that cannot meet a changed entity are skipped, and have no output line.
    expect(summary.delta!.skipped_rows).toBeGreaterThan(300);
    expect(readJsonl(out()).length).toBe(3000 - summary.delta!.skipped_rows);
    expect(summary.delta?.lists[0]).toMatchObject({ list: 'ofac-sdn', from: firstVersion });
    const fullMatches = matchKeys(readJsonl(full), (key) => delta.has(key));
    const deltaMatches = matchKeys(readJsonl(out()));
    expect(fullMatches.size).toBeGreaterThan(50);
    expect([...fullMatches].filter((m) => !deltaMatches.has(m))).toEqual([]);
    // …and nothing but matches to those entities.
    expect([...deltaMatches].filter((m) => !delta.has(m.split(' ')[1]!))).toEqual([]);
    await expect(readRunRecord(out())).resolves.toMatchObject({
      delta_since: 'last',
      row_sources: `${out()}.sources`,
    });
  });

  it('gates only the rows whose tokens meet a changed name, and among them every row the gate selects when it passes them all', async () => {
    const base = join(dir, 'last-night.jsonl.sources');
    const sidecar = {
      base,
      manifest: RowSourcesManifest.parse(JSON.parse(readFileSync(`${base}.json`, 'utf8'))),
    };
    const strings = readFileSync(`${base}.txt`, 'utf8');
    const plan = await planDelta(store.lists, await baselineOfVersion(store.lists, firstVersion));
    const state = prepareScreening(indexLists({ json: JSON.stringify(v2), snapshot: null, onlyJson: null }), {
      cfg: DEFAULT_MATCH_CONFIG,
      limit: 10,
      encoding: 'jsonl',
      previous: [],
      only: plan.entities.map((e) => `${e.list}:${e.entity_id}`),
      csv: null,
      recordSources: false,
      gate: { strings, withdrawals: [] },
      review: null,
    });
    const rows = sidecar.manifest.rows;
    const everyRow = selectSlice(state, {
      rows: Uint32Array.from({ length: rows }, (_, i) => i),
      bytes: readFileSync(`${base}.bin`),
    }).selected;
    const { slices, gated } = await gateSlices(sidecar, strings, plan.entities, new Set(), 500);
    const verdicts = new Map<number, number>();
    for (const slice of slices) {
      const selected = selectSlice(state, slice).selected;
      slice.rows.forEach((row, i) => verdicts.set(row, selected[i]!));
    }
    const selectedAmongAll = [...everyRow.keys()].filter((row) => everyRow[row] === 1);
    expect(selectedAmongAll.length).toBeGreaterThan(50);
    expect(selectedAmongAll.filter((row) => verdicts.get(row) !== 1)).toEqual([]);
    expect([...verdicts].filter(([, v]) => v === 1).length).toBe(selectedAmongAll.length);
    // The search over the postings leaves most rows out before the gate reads them.
    expect(gated).toBeLessThan(rows * 0.9);
  });

  it('restores only the changed entities from the index snapshot an import leaves, with the same output', async () => {
    const indexes = join(dir, 'indexes');
    await indexCurrentLists(store.lists, indexes);
    const since = { store, portfolio, deltaSince: firstVersion, progress: 'off' } as const;
    const previousOutput = join(dir, 'last-night.jsonl');
    const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).sort();
    // Workers restore the snapshot narrowed; the calling thread without a snapshot builds and narrows.
    const restored = join(dir, 'restored.jsonl');
    const built = join(dir, 'built.jsonl');
    await runBatch({ ...since, out: restored, previousOutput, indexCache: indexes, workers: 1 });
    await runBatch({ ...since, out: built, previousOutput, workers: 0 });
    expect(lines(restored).length).toBeGreaterThan(50);
    expect(lines(restored)).toEqual(lines(built));

    // A damaged snapshot: the workers ask for the lists after all and build, with the same output.
    for (const file of readdirSync(indexes)) {
      const path = join(indexes, file);
      writeFileSync(path, readFileSync(path).subarray(0, 4096));
    }
    const rebuilt = join(dir, 'rebuilt.jsonl');
    await runBatch({ ...since, out: rebuilt, previousOutput, indexCache: indexes, workers: 1 });
    expect(lines(rebuilt)).toEqual(lines(built));
  });

  it('without a usable sidecar screens every row, says why, and finds the same matches', async () => {
    const withSidecar = join(dir, 'with-sidecar.jsonl');
    const fallback = join(dir, 'fallback.jsonl');
    const since = { store, deltaSince: firstVersion, workers: 0, progress: 'off' } as const;
    const used = await runBatch({
      ...since,
      portfolio,
      out: withSidecar,
      previousOutput: join(dir, 'last-night.jsonl'),
    });
    const screened = await runBatch({ ...since, portfolio, out: fallback });
    expect(used.delta).toMatchObject({ row_sources: join(dir, 'last-night.jsonl.sources') });
    expect(screened.delta).toMatchObject({
      row_sources: null,
      skipped_rows: 0,
      full_scan_reason: expect.stringContaining('no complete token sidecar'),
    });
    expect(readJsonl(fallback)).toHaveLength(3000);
    const sidecarMatches = matchKeys(readJsonl(withSidecar));
    const fallbackMatches = matchKeys(readJsonl(fallback));
    const delta = changed();
    const fullMatches = matchKeys(readJsonl(fullRun), (key) => delta.has(key));
    // Both find every match a full run makes to the changed entities; the sidecar's gate only skips
    // rows. Screening every row may add the odd match no full run makes (the narrowed search scores
    // a changed name the full index would not have among that row's candidates).
    expect([...fullMatches].filter((m) => !sidecarMatches.has(m))).toEqual([]);
    expect([...sidecarMatches].filter((m) => !fallbackMatches.has(m))).toEqual([]);
    expect([...fallbackMatches].filter((m) => !sidecarMatches.has(m) && fullMatches.has(m))).toEqual([]);

    // A sidecar of another portfolio file (here: a copy) is not trusted.
    const copy = join(dir, 'copy.csv');
    copyFileSync(portfolio, copy);
    const other = await runBatch({
      ...since,
      portfolio: copy,
      out: join(dir, 'copy.jsonl'),
      previousOutput: join(dir, 'last-night.jsonl'),
    });
    expect(other.delta).toMatchObject({
      row_sources: null,
      full_scan_reason: expect.stringContaining('another portfolio'),
    });
  });

  it('resumes an interrupted delta run with its sidecar: no row lost, none twice', async () => {
    const options = {
      portfolio,
      store,
      deltaSince: firstVersion,
      previousOutput: join(dir, 'last-night.jsonl'),
      chunkSize: 50,
      progress: 'off',
    } as const;
    const reference = join(dir, 'uninterrupted.jsonl');
    await runBatch({ ...options, out: reference, workers: 0 });
    const resumedOut = join(dir, 'resumed.jsonl');
    const first = await runBatch({
      ...options,
      out: resumedOut,
      workers: 1,
      checkpointIntervalMs: 0,
      signal: stopAfterFirstCheckpoint(resumedOut),
    });
    expect(first.status).toBe('interrupted');
    const resumed = await runBatch({ ...options, out: resumedOut, workers: 0, resume: true });
    expect(resumed).toMatchObject({ status: 'completed', resumed_from_row: expect.any(Number) });
    expect(resumed.resumed_from_row).toBeGreaterThan(0);
    const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).sort();
    expect(lines(resumedOut)).toEqual(lines(reference));
    expect(resumed.rows).toBe(lines(reference).length);
  });

  it("finds the sidecar a full run left in the portfolio cache whatever the new OUT, and that run's output", async () => {
    const cache = join(dir, 'portfolios');
    const lastNight = join(dir, 'results-2026-11-28.jsonl');
    const tonight = join(dir, 'results-2026-11-29.jsonl');
    const since = { portfolio, store, deltaSince: firstVersion, workers: 0, progress: 'off' } as const;
    await runBatch({ portfolio, out: lastNight, store, workers: 0, progress: 'off', portfolioCache: cache });
    expect(existsSync(`${lastNight}.sources.json`)).toBe(false);

    const summary = await runBatch({ ...since, out: tonight, portfolioCache: cache });
    expect(summary.delta).toMatchObject({ previous_output: lastNight, full_scan_reason: null });
    expect(summary.delta!.row_sources!.startsWith(join(cache, ''))).toBe(true);
    expect(summary.delta!.skipped_rows).toBeGreaterThan(0);
    // The same lines as a delta run told where last night's output is (its run record names the sidecar).
    const told = join(dir, 'told.jsonl');
    await runBatch({ ...since, out: told, previousOutput: lastNight });
    const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).sort();
    expect(lines(tonight)).toEqual(lines(told));
  });

  it('gates a Parquet portfolio by its postings too, with no seek points to read it by', async () => {
    const parquet = join(dir, 'portfolio.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const con = await instance.connect();
    await con.run(
      `COPY (SELECT * FROM read_csv('${portfolio}', all_varchar = true)) TO '${parquet}' (FORMAT parquet)`,
    );
    con.closeSync();
    instance.closeSync();
    const options = { portfolio: parquet, store, workers: 0, progress: 'off' } as const;
    const full = join(dir, 'parquet-full.jsonl');
    await runBatch({ ...options, out: full });
    const out = join(dir, 'parquet-delta.jsonl');
    const summary = await runBatch({ ...options, out, deltaSince: firstVersion, previousOutput: full });
    expect(summary.delta).toMatchObject({ row_sources: `${full}.sources`, full_scan_reason: null });
    expect(summary.delta!.skipped_rows).toBeGreaterThan(300);
    const delta = changed();
    const fullMatches = matchKeys(readJsonl(full), (key) => delta.has(key));
    const deltaMatches = matchKeys(readJsonl(out));
    expect(fullMatches.size).toBeGreaterThan(50);
    expect([...fullMatches].filter((m) => !deltaMatches.has(m))).toEqual([]);
  });

  it('screens every row, and says why, when the postings beside a trusted sidecar are damaged', async () => {
    const damaged = join(dir, 'damaged.jsonl');
    for (const suffix of ['', '.sources.json', '.sources.bin', '.sources.txt', '.sources.postings'])
      copyFileSync(join(dir, `last-night.jsonl${suffix}`), `${damaged}${suffix}`);
    const postings = readFileSync(`${damaged}.sources.postings`);
    postings.fill(0xff, 64, postings.length >> 1); // the same length: the manifest still trusts it
    writeFileSync(`${damaged}.sources.postings`, postings);
    const out = join(dir, 'after-damage.jsonl');
    const summary = await runBatch({
      portfolio,
      out,
      store,
      deltaSince: firstVersion,
      previousOutput: damaged,
      workers: 0,
      progress: 'off',
    });
    expect(summary.delta).toMatchObject({
      row_sources: null,
      skipped_rows: 0,
      full_scan_reason: expect.stringContaining('could not be read'),
    });
    expect(readJsonl(out)).toHaveLength(3000);
    const delta = changed();
    const fullMatches = matchKeys(readJsonl(fullRun), (key) => delta.has(key));
    const found = matchKeys(readJsonl(out));
    expect([...fullMatches].filter((m) => !found.has(m))).toEqual([]);
  });

  it('withdraws last run matches to entities removed since', async () => {
    const removed = new Set(
      v1.filter((e) => !v2.some((n) => n.entity_id === e.entity_id)).map((e) => `ofac-sdn:${e.entity_id}`),
    );
    const lastNight = readJsonl(join(dir, 'last-night.jsonl'));
    const expected = new Set(
      [...matchKeys(lastNight, (key) => removed.has(key))].map((k) => k.split(' ').slice(0, 2).join(' ')),
    );
    expect(expected.size).toBeGreaterThan(0);

    const withdrawn = join(dir, 'withdrawn.jsonl');
    const summary = await runBatch({
      portfolio,
      out: withdrawn,
      store,
      deltaSince: firstVersion,
      previousOutput: join(dir, 'last-night.jsonl'),
      workers: 0,
      progress: 'off',
    });
    const reported = new Set<string>();
    for (const r of readJsonl(withdrawn)) {
      if ('error' in r) continue;
      for (const w of r.removed_matches ?? [])
        if (w.reason === 'removed') reported.add(`${r.external_id} ${w.list}:${w.entity_id}`);
    }
    expect(reported).toEqual(expected);
    expect(summary.removed_match_rows).toBeGreaterThanOrEqual(
      new Set([...expected].map((k) => k.split(' ')[0])).size,
    );
  });
});
