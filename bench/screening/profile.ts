import { join } from 'node:path';
import { readListSource } from '../../src/lists/read-source.js';
import { buildEntityIndex, scopeOf } from '../../src/screening/entity-index.js';
import { searchEntities } from '../../src/screening/search.js';
import { prepareIndividualQuery } from '../../src/screening/prepared-query.js';
import { personQuery } from '../../src/screening/prepared-query.js';
import { DEFAULT_MATCH_CONFIG, scoreNameValue } from '../../src/names/index.js';
import { loadPepNames, loadOfac } from '../names/datasets.js';

const SHARED = join(import.meta.dirname, '../../../shared/datasets');
const lists = await Promise.all([
  readListSource('ofac', join(SHARED, 'ofac/sdn_2023-12-28')),
  readListSource('un', join(SHARED, 'un/consolidated_2026-02-27.xml')),
  readListSource('uk', join(SHARED, 'uk/ofsi_conlist_2025-04-10.csv.gz')),
]);
const t = performance.now();
const index = buildEntityIndex(lists.flatMap((l) => l.entities));
console.log(
  `index ${index.names.size} names, ${index.entities.length} entities, built in ${(performance.now() - t).toFixed(0)} ms`,
);
const aliases = loadOfac()
  .flatMap((e) => e.aliases)
  .filter((_, i) => i % 20 === 0);
const queries = [...loadPepNames(), ...aliases];
const cfg = DEFAULT_MATCH_CONFIG;
const pct = (a: number[], p: number) => a.sort((x, y) => x - y)[Math.floor(a.length * p)]!.toFixed(1);
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  const prep: number[] = [],
    cand: number[] = [],
    score: number[] = [],
    total: number[] = [];
  let ncand = 0;
  for (const raw of queries) {
    const t0 = performance.now();
    const q = prepareIndividualQuery(index, personQuery({ full_name: raw }));
    const t1 = performance.now();
    const c = index.names.candidates(q.name, scopeOf(index, 'INDIVIDUAL'));
    ncand += c.length;
    const t2 = performance.now();
    for (const slot of c) scoreNameValue(q.name, index.names.nameAt(slot), cfg);
    const t3 = performance.now();
    searchEntities(index, q, { cfg });
    const t4 = performance.now();
    prep.push((t1 - t0) * 1000);
    cand.push((t2 - t1) * 1000);
    score.push((t3 - t2) * 1000);
    total.push((t4 - t3 + t1 - t0) * 1000);
  }
  console.log(
    `round ${round}: prepare p50 ${pct(prep, 0.5)} cand p50 ${pct(cand, 0.5)} score p50 ${pct(score, 0.5)} | search+prepare p50 ${pct(total, 0.5)} p99 ${pct(total, 0.99)} µs; ${(ncand / queries.length).toFixed(1)} candidates`,
  );
}
