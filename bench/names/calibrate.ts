/**
 * Grid search over MatchConfig on the alias benchmark: `npx tsx bench/names/calibrate.ts`.
 * For each setting it prints the recall at the point where false positives on PEP names reach 1 %
 * (the ROC point the bars ask for) and the score threshold there; MEDIUM should sit at or above it.
 * GRID='{"pairSimilarityFloor":[0,0.5],"unmatchedQueryPenalty":[0.5,1]}' overrides the grid.
 */
import { MatchConfig } from '../../src/names/config.js';
import { loadAliasBenchmark, runQuery } from './alias-benchmark.js';

type Grid = Record<string, readonly (number | boolean)[]>;

const DEFAULT_GRID: Grid = {
  pairSimilarityFloor: [0, 0.4, 0.6],
  unmatchedQueryPenalty: [0.5, 0.75, 1],
  unmatchedCandidatePenalty: [0.25, 0.5],
};
const grid: Grid = process.env.GRID ? (JSON.parse(process.env.GRID) as Grid) : DEFAULT_GRID;
const idf = !process.argv.includes('--length-weights');

function* settings(
  keys: readonly string[],
  at = 0,
  acc: Record<string, number | boolean> = {},
): Generator<Record<string, number | boolean>> {
  if (at === keys.length) {
    yield { ...acc };
    return;
  }
  const key = keys[at] ?? '';
  for (const value of grid[key] ?? []) yield* settings(keys, at + 1, { ...acc, [key]: value });
}

const bench = loadAliasBenchmark({ idfWeights: idf });
const results: { setting: string; recall: number; threshold: number }[] = [];
for (const setting of settings(Object.keys(grid))) {
  const cfg = MatchConfig.parse(setting);
  const negatives = bench.negatives.map((q) => runQuery(q, cfg).score).sort((a, b) => b - a);
  const threshold = (negatives[Math.floor(negatives.length * 0.01)] ?? 0) + 1e-9;
  let found = 0;
  for (const q of bench.positives) {
    const hit = runQuery(q, cfg);
    if (hit.found && hit.score >= threshold) found++;
  }
  const recall = found / bench.positives.length;
  results.push({ setting: JSON.stringify(setting), recall, threshold });
  console.log(`${(100 * recall).toFixed(1)}%  at ≥${threshold.toFixed(3)}  ${JSON.stringify(setting)}`);
}
results.sort((a, b) => b.recall - a.recall);
console.log('\nbest:');
for (const r of results.slice(0, 5))
  console.log(`${(100 * r.recall).toFixed(1)}%  at ≥${r.threshold.toFixed(3)}  ${r.setting}`);
