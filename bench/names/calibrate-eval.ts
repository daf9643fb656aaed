/**
 * Threshold choice on the dev split only: `npx tsx bench/names/calibrate-eval.ts`. Prints the score
 * above which a given share of the negatives (faker + PEP names) has a hit, the recall of each
 * positive class there, and the precision curve (top hits at or above a score that are the target).
 * Scores below the WEAK threshold are not returned by the engine, so no threshold below it is read.
 */
import { DEFAULT_MATCH_CONFIG } from '../../src/names/index.js';
import { POSITIVE_CLASSES } from './eval/queries.js';
import { runEvaluation } from './eval/run.js';
import type { EvalOutcome } from './eval/screen.js';

const FALSE_POSITIVE_RATES = [0.05, 0.02, 0.01, 0.005, 0.002, 0.001];
const CURVE_FROM = 0.65;
const CURVE_STEP = 0.025;

const run = await runEvaluation('dev');
const positives = run.outcomes.filter((o) => o.query.target !== null);
const negatives = run.outcomes.filter((o) => o.query.target === null);
const pct = (n: number, of: number): string =>
  (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`).padStart(8);
const found = (os: readonly EvalOutcome[], t: number): number =>
  os.filter((o) => o.targetTop && o.topScore >= t).length;

const negativeScores = negatives.map((o) => o.topScore).sort((a, b) => b - a);
const cfg = DEFAULT_MATCH_CONFIG;
console.log(
  `Dev split: ${positives.length} positives, ${negatives.length} negatives. Current thresholds: STRONG ${cfg.strongThreshold}, MEDIUM ${cfg.mediumThreshold}, WEAK ${cfg.weakThreshold}.`,
);
console.log(
  `\n${'FP rate'.padEnd(10)}${'score ≥'.padStart(9)}${'recall'.padStart(8)}${POSITIVE_CLASSES.map((k) => k.padStart(14)).join('')}`,
);
for (const rate of FALSE_POSITIVE_RATES) {
  // The lowest score at which no more than `rate` of the negatives reach it.
  const allowed = Math.floor(rate * negativeScores.length);
  const t = (negativeScores[allowed] ?? 0) + 0.001;
  if (t < cfg.weakThreshold) {
    console.log(
      `${`${100 * rate}%`.padEnd(10)}  below WEAK (${cfg.weakThreshold}): fewer negatives than that have any hit`,
    );
    continue;
  }
  const byClass = POSITIVE_CLASSES.map((k) => {
    const os = positives.filter((o) => o.query.kind === k);
    return pct(found(os, t), os.length).padStart(14);
  });
  console.log(
    `${`${100 * rate}%`.padEnd(10)}${t.toFixed(3).padStart(9)}${pct(found(positives, t), positives.length)}${byClass.join('')}`,
  );
}

console.log(`\nPrecision curve (top hits at or above the score; positives and negatives of dev together):`);
console.log(
  `${'score ≥'.padEnd(10)}${'top hits'.padStart(9)}${'precision'.padStart(10)}${'recall'.padStart(8)}${'FP rate'.padStart(9)}`,
);
for (let t = CURVE_FROM; t <= 1 + 1e-9; t += CURVE_STEP) {
  const hits = run.outcomes.filter((o) => o.top !== null && o.topScore >= t - 1e-9);
  const right = hits.filter((o) => o.targetTop).length;
  const fp = negatives.filter((o) => o.topScore >= t - 1e-9).length;
  console.log(
    `${t.toFixed(3).padEnd(10)}${String(hits.length).padStart(9)}${pct(right, hits.length).padStart(10)}${pct(found(positives, t - 1e-9), positives.length)}${pct(fp, negatives.length).padStart(9)}`,
  );
}
