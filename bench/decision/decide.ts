/**
 * Prints p50/p99 per decision for the compiled path and json-rules-engine on the same fact sets, and their
 * ratio, for each traffic mix. Run: `npx tsx bench/decision/decide.ts`. Prints figures; asserts nothing.
 */
import type { DecisionFacts } from '../../src/model/decision.js';
import { decideTransaction, decideWithJsonRulesEngine } from '../../src/decision/index.js';
import { compiled, jsonEngine, ruleSet, TRAFFIC } from './inputs.js';

const ROUNDS = 20;
// A compiled decision takes a few microseconds, near the clock's useful resolution per call, so it is
// timed in batches of BATCH calls; each sample is a batch's time divided by BATCH.
const BATCH = 50;
let sink = 0;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function summary(samples: number[]): { p50: number; p99: number; mean: number } {
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((sum, v) => sum + v, 0) / samples.length;
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), mean };
}

function timeCompiled(factSets: readonly DecisionFacts[]): number[] {
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (let start = 0; start + BATCH <= factSets.length; start += BATCH) {
      const t0 = process.hrtime.bigint();
      for (let k = start; k < start + BATCH; k++)
        sink += decideTransaction(compiled, factSets[k]!).reasons.length;
      samples.push(Number(process.hrtime.bigint() - t0) / 1_000 / BATCH);
    }
  }
  return samples;
}

async function timeJsonEngine(factSets: readonly DecisionFacts[]): Promise<number[]> {
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS / 4; r++) {
    for (const facts of factSets) {
      const t0 = process.hrtime.bigint();
      sink += (await decideWithJsonRulesEngine(jsonEngine, facts)).reasons.length;
      samples.push(Number(process.hrtime.bigint() - t0) / 1_000);
    }
  }
  return samples;
}

const f = (v: number) => v.toFixed(2).padStart(9);
console.log(`rule set ${ruleSet.version}: ${ruleSet.rules.length} rules`);
for (const [mix, factSets] of Object.entries(TRAFFIC)) {
  // Warm-up: let both paths reach optimised code before measuring.
  timeCompiled(factSets);
  await timeJsonEngine(factSets);
  const c = summary(timeCompiled(factSets));
  const j = summary(await timeJsonEngine(factSets));
  const row = (label: string, cells: string) => console.log(label.padEnd(34) + cells);
  console.log('');
  row(`${mix} traffic, ${factSets.length} fact sets`, '   p50 µs    p99 µs   mean µs');
  row(`compiled (batches of ${BATCH})`, `${f(c.p50)} ${f(c.p99)} ${f(c.mean)}`);
  row('json-rules-engine', `${f(j.p50)} ${f(j.p99)} ${f(j.mean)}`);
  row(
    'json-rules-engine / compiled',
    `p50 ${(j.p50 / c.p50).toFixed(0)}×, mean ${(j.mean / c.mean).toFixed(0)}×`,
  );
}
if (sink < 0) console.log(sink);
