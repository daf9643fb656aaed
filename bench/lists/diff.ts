/**
 * Diff of two real OFAC versions in a DuckDB file (bar: ≤ 1 s), against re-parsing both files and
 * comparing hashes in memory (the baseline a diff query replaces). Run: npx tsx bench/lists/diff.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entityContentHash } from '../../src/lists/content-hash.js';
import { readOfacLegacyFolder } from '../../src/lists/read-source.js';
import { saveParsedList } from '../../src/lists/save-list.js';
import { openDuckDbStore } from '../../src/store/index.js';

const shared = process.env.WARDEN_SHARED_DATASETS ?? join(import.meta.dirname, '../../../shared/datasets');
const dir = mkdtempSync(join(tmpdir(), 'warden-diff-bench-'));
const store = await openDuckDbStore(join(dir, 'bench.duckdb'));
const folders = ['ofac/sdn_2023-12-28', 'ofac/sdn_2024-05-03'].map((f) => join(shared, f));
const versions: string[] = [];
for (const folder of folders) {
  const saved = await saveParsedList(store, readOfacLegacyFolder(folder), {
    source: 'ofac',
    now: Date.now(),
  });
  versions.push(saved.summary.version);
}
const times: number[] = [];
let changes = 0;
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  changes = (await store.lists.diff(versions[0]!, versions[1]!)).length;
  times.push(performance.now() - started);
}
const baselineStart = performance.now();
const [before, after] = folders.map(
  (f) => new Map(readOfacLegacyFolder(f).entities.map((e) => [e.entity_id, entityContentHash(e)])),
);
let baselineChanges = 0;
for (const [id, hash] of after!) if (before!.get(id) !== hash) baselineChanges++;
for (const id of before!.keys()) if (!after!.has(id)) baselineChanges++;
const baseline = performance.now() - baselineStart;
times.sort((x, y) => x - y);
console.log(
  `diff ${versions[0]} → ${versions[1]}: ${changes} changes, median ${times[2]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)} ms)`,
);
console.log(
  `baseline re-parse + hash: ${baselineChanges} changes, ${baseline.toFixed(0)} ms; ratio ${(baseline / times[2]!).toFixed(1)}×`,
);
await store.close();
rmSync(dir, { recursive: true, force: true });
