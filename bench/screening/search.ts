/**
 * One screening query against every loaded list (issue #4's speed bar): OFAC SDN with its aliases,
 * the UN consolidated list and the UK OFSI list, parsed by the product parsers and indexed by
 * buildEntityIndex, as `warden serve` and the batch workers hold them.
 *
 *   npx tsx bench/screening/search.ts [--rounds 5] [--baseline 20]
 *
 * Queries: the US Congress/executive PEP names (people on no list: the common case) and every 20th
 * OFAC alias (listed people, spelt otherwise). Timed per query: prepare + candidates + scoring +
 * secondary features + explanations of the hits (searchEntities); then the same through
 * screenIndividual, which adds the spec's response objects. Baselines in the same run, on a sample:
 * a brute-force best-pairs Jaro-Winkler scan of every name (bench/names/best-pairs-baseline.ts) and
 * fuse.js over the same names. Bars: p50 ≤ 50 µs, p99 ≤ 500 µs, ≥ 1000× the brute force; index
 * build ≤ 2 s and ≤ 200 MiB. Prints figures; asserts nothing. Medians of noisy shared machines.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Fuse from 'fuse.js';
import { readListSource } from '../../src/lists/read-source.js';
import type { Entity } from '../../src/model/entity.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/index.js';
import { normalizeName } from '../../src/names/normalize.js';
import { buildEntityIndex } from '../../src/screening/entity-index.js';
import { personQuery, prepareIndividualQuery } from '../../src/screening/prepared-query.js';
import { screenIndividual } from '../../src/screening/screen.js';
import { searchEntities } from '../../src/screening/search.js';
import { bestPairsJaroWinkler } from '../names/best-pairs-baseline.js';
import { loadOfac, loadPepNames, SHARED } from '../names/datasets.js';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, baseline: { type: 'string', default: '20' } },
});
const rounds = Number(values.rounds);
const baselineQueries = Number(values.baseline);

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const micros = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;

/** Times each query once per round (after one untimed warm-up round); returns sorted per-query ms. */
function timeQueries(queries: readonly string[], run: (raw: string) => unknown, times: number): number[] {
  for (const raw of queries) run(raw);
  const out: number[] = [];
  for (let r = 0; r < times; r++) {
    for (const raw of queries) {
      const started = performance.now();
      run(raw);
      out.push(performance.now() - started);
    }
  }
  return out.sort((a, b) => a - b);
}

const lists = await Promise.all([
  readListSource('ofac', join(SHARED, 'ofac/sdn_2023-12-28')),
  readListSource('un', join(SHARED, 'un/consolidated_2026-02-27.xml')),
  readListSource('uk', join(SHARED, 'uk/ofsi_conlist_2025-04-10.csv.gz')),
]);
const entities: Entity[] = lists.flatMap((l) => l.entities);
globalThis.gc?.();
// Heap and ArrayBuffers (postings, packed names and their arena live outside the JS heap).
const memoryInUse = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const heapBefore = memoryInUse();
const buildStarted = performance.now();
const index = buildEntityIndex(entities);
const buildMs = performance.now() - buildStarted;
globalThis.gc?.();
const heapMiB = (memoryInUse() - heapBefore) / 2 ** 20;

const aliases = loadOfac()
  .flatMap((e) => e.aliases)
  .filter((_, i) => i % 20 === 0);
const pep = loadPepNames();
const queries = [...pep, ...aliases];
const cfg = DEFAULT_MATCH_CONFIG;

const search = (raw: string) =>
  searchEntities(index, prepareIndividualQuery(index, personQuery({ full_name: raw })), { cfg });
let ids = 0;
const screen = (raw: string) =>
  screenIndividual(index, personQuery({ full_name: raw }), {
    cfg,
    now: Date.now(),
    newId: () => `case-${ids++}`,
  });

const searched = timeQueries(queries, search, rounds);
const searchedPep = timeQueries(pep, search, rounds);
const screened = timeQueries(queries, screen, rounds);

// Baselines over the same names, on a sample of queries (they take milliseconds each).
const listedTokens = index.slots.map((_, slot) => index.names.nameAt(slot).tokens);
const sample = queries.filter((_, i) => i % Math.ceil(queries.length / baselineQueries) === 0);
const brute = timeQueries(
  sample,
  (raw) => {
    const tokens = normalizeName(raw).split(' ');
    let best = 0;
    for (const listed of listedTokens) best = Math.max(best, bestPairsJaroWinkler(tokens, listed));
    return best;
  },
  1,
);
const fuse = new Fuse(
  index.slots.map((_, slot) => index.names.nameAt(slot).normalized),
  { includeScore: true, threshold: 0.4 },
);
const fused = timeQueries(sample, (raw) => fuse.search(normalizeName(raw), { limit: 10 }), 1);

const p50 = percentile(searched, 0.5);
console.log(
  `${index.names.size} names of ${index.entities.length} entities (OFAC SDN + aliases, UN, UK); ` +
    `index built in ${buildMs.toFixed(0)} ms, ~${heapMiB.toFixed(0)} MiB of heap and buffers`,
);
console.log(
  `${queries.length} queries (${pep.length} PEP names, ${aliases.length} OFAC aliases) × ${rounds} rounds`,
);
const line = (label: string, sorted: readonly number[]): void =>
  console.log(
    `  ${label.padEnd(44)} p50 ${micros(percentile(sorted, 0.5)).padStart(10)}   p99 ${micros(percentile(sorted, 0.99)).padStart(10)}`,
  );
line('searchEntities (prepare → ranked hits)', searched);
line('  of which PEP names (no hit expected)', searchedPep);
line('screenIndividual (+ spec response)', screened);
line(`brute-force best-pairs JW scan (${sample.length} q)`, brute);
line(`fuse.js over the same names (${sample.length} q)`, fused);
console.log(
  `  ratio at p50: ${(percentile(brute, 0.5) / p50).toFixed(0)}× the brute force, ` +
    `${(percentile(fused, 0.5) / p50).toFixed(0)}× fuse.js`,
);
