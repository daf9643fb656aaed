import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generatePortfolio, readRunRecord, runBatch, type RowResult } from '../../src/batch/index.js';
import { entityContentHash, listContentHash } from '../../src/lists/content-hash.js';
import { parseOfacLegacy } from '../../src/lists/ofac-legacy.js';
import type { Entity } from '../../src/model/entity.js';
import { openDuckDbStore, type Store } from '../../src/store/index.js';
import { describeWithDatasets } from '../support/datasets.js';
import { OFAC_2023, OFAC_2024, readJsonl, tempFolder } from './support/batch-fixtures.js';

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
    entities: entities.map((entity) => ({ entity, hash: entityContentHash(entity) })),
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
  const out = () => join(dir, 'results.jsonl');

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
    // Last night's full run, against the 2023 list only.
    await runBatch({ portfolio, out: out(), store, workers: 0, progress: 'off' });
    copyFileSync(out(), join(dir, 'last-night.jsonl'));
    await saveVersion(store, v2, '2024-05-03');
  });
  afterAll(async () => store?.close());

  it('finds every match to the added and changed entities that a full run finds', async () => {
    const full = join(dir, 'full.jsonl');
    await runBatch({ portfolio, out: full, store, workers: 0, progress: 'off' });
    const summary = await runBatch({
      portfolio,
      out: out(),
      store,
      deltaSince: 'last',
      workers: 0,
      progress: 'off',
    });

    const hash1 = new Map(v1.map((e) => [e.entity_id, entityContentHash(e)]));
    const delta = new Set(
      v2.filter((e) => hash1.get(e.entity_id) !== entityContentHash(e)).map((e) => `ofac-sdn:${e.entity_id}`),
    );
    expect(summary.delta).toMatchObject({ since: 'last', entities: delta.size });
    expect(summary.delta?.lists[0]).toMatchObject({ list: 'ofac-sdn', from: firstVersion });
    const fullMatches = matchKeys(readJsonl(full), (key) => delta.has(key));
    const deltaMatches = matchKeys(readJsonl(out()));
    expect(fullMatches.size).toBeGreaterThan(50);
    expect([...fullMatches].filter((m) => !deltaMatches.has(m))).toEqual([]);
    // …and nothing but matches to those entities.
    expect([...deltaMatches].filter((m) => !delta.has(m.split(' ')[1]!))).toEqual([]);
    await expect(readRunRecord(out())).resolves.toMatchObject({ delta_since: 'last' });
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
