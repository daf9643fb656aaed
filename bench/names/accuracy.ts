/**
 * Name-matching accuracy on real alias data (DESIGN.md §6 bars): run `npx tsx bench/names/accuracy.ts`.
 *
 * Positives: each UN Good-quality individual alias, UN entity a.k.a./f.k.a., and OFAC alt.csv name is
 * queried against an index of that list's PRIMARY names only (one index per list and kind, the way
 * screenIndividual / screenOrganization search). Found = the right entity is the top hit (ties at the
 * top score count: several entities share a primary name) at the bucket or stronger.
 * Negatives: US Congress/executive PEP names against every sanctioned individual's primary and alias
 * names (UN + OFAC); a false positive is a query with any hit at the bucket or stronger.
 * Baseline: a best-pairs Jaro-Winkler scan of every name (bench/names/best-pairs-baseline.ts), on every
 * UN query and every --step'th OFAC query; both matchers' recall is also read at the threshold where
 * their own false positives reach 1 %.
 *
 * Flags: --misses N (print N missed aliases; --misses-of partial|different for other kinds), --step K (default 4), --no-baseline, --length-weights
 * (ignore the index's IDF), MATCH_CONFIG='{"mediumThreshold":0.8}' and INDEX_OPTIONS='{"maxCandidates":10}' to try settings.
 */
import { MatchConfig, strengthOf, type MatchStrength } from '../../src/names/config.js';
import { normalizeName, splitCommaName } from '../../src/names/normalize.js';
import type { NameKind } from '../../src/names/types.js';
import { loadAliasBenchmark, runQuery, type BenchQuery } from './alias-benchmark.js';
import { bestPairsJaroWinkler } from './best-pairs-baseline.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const MISSES = flag('--misses', 0);
const STEP = flag('--step', 4);
const BASELINE = !args.includes('--no-baseline');
const IDF = !args.includes('--length-weights');
const MISS_KIND = args.includes('--misses-of') ? args[args.indexOf('--misses-of') + 1] : 'variant';
const cfg = MatchConfig.parse(JSON.parse(process.env.MATCH_CONFIG ?? '{}'));
const BUCKETS: readonly MatchStrength[] = ['EXACT', 'STRONG', 'MEDIUM', 'WEAK'];
const RANK: Record<MatchStrength, number> = { EXACT: 4, STRONG: 3, MEDIUM: 2, WEAK: 1 };

const atLeast = (s: MatchStrength | null, bucket: MatchStrength): boolean =>
  s !== null && RANK[s] >= RANK[bucket];
const percent = (n: number, of: number): string =>
  (of === 0 ? '    -' : `${((100 * n) / of).toFixed(1)}%`).padStart(7);

function readingOrder(raw: string, kind: NameKind): string[] {
  const parts = kind === 'individual' ? splitCommaName(raw) : undefined;
  return normalizeName(parts === undefined ? raw : `${parts.given} ${parts.surname}`)
    .split(' ')
    .filter(Boolean);
}

/** Threshold above which at most 1 % of the negative scores lie. */
function thresholdAtOnePercent(scores: readonly number[]): number {
  const sorted = [...scores].sort((a, b) => b - a);
  return (sorted[Math.floor(sorted.length * 0.01)] ?? 0) + 1e-9;
}

const started = performance.now();
const bench = loadAliasBenchmark({
  idfWeights: IDF,
  ...(JSON.parse(process.env.INDEX_OPTIONS ?? '{}') as object),
});
const loaded = performance.now();

// Warden on every query.
const strengths = new Map<BenchQuery, MatchStrength | null>();
const scores = new Map<BenchQuery, number>();
let misses: string[] = [];
let retrieved = 0;
let retrievedVariants = 0;
const scoring = performance.now();
const allQueries = [...bench.positives, ...bench.negatives];
for (const q of allQueries) {
  const hit = runQuery(q, cfg);
  const strength = hit.found || q.owner < 0 ? strengthOf(hit.score, hit.exact, cfg) : null;
  strengths.set(q, strength);
  scores.set(q, hit.found || q.owner < 0 ? hit.score : -1);
  if (q.owner >= 0 && hit.retrieved) retrieved++;
  if (q.variant === 'variant' && hit.retrieved) retrievedVariants++;
  if (q.owner >= 0 && q.variant === MISS_KIND && !atLeast(strength, 'MEDIUM'))
    misses.push(
      `${q.group}: ${q.raw}  →  ${q.expected}  (top ${hit.score.toFixed(3)}${hit.found ? '' : ', other entity'})`,
    );
}
const scoringMs = performance.now() - scoring;

// Baseline scan on a sample.
const baseline = new Map<BenchQuery, number>();
if (BASELINE) {
  const scopes = new Map<string, string[][]>();
  for (const [listName, entries] of Object.entries(bench.lists)) {
    for (const kind of ['individual', 'organization'] as const) {
      scopes.set(
        `${listName} ${kind}`,
        entries.filter((e) => e.kind === kind).map((e) => readingOrder(e.primary, kind)),
      );
    }
  }
  const everyIndividual = Object.values(bench.lists)
    .flat()
    .filter((e) => e.kind === 'individual')
    .flatMap((e) => [e.primary, ...e.aliases].map((n) => readingOrder(n, 'individual')));
  let n = 0;
  for (const q of bench.positives) {
    if (q.group.startsWith('OFAC') && n++ % STEP !== 0) continue;
    const tokens = readingOrder(q.raw, q.kind);
    let best = 0;
    let found = false;
    (scopes.get(q.group) ?? []).forEach((listed, owner) => {
      const s = bestPairsJaroWinkler(tokens, listed);
      if (s > best + 1e-12) {
        best = s;
        found = owner === q.owner;
      } else if (s >= best - 1e-12 && owner === q.owner) found = true;
    });
    baseline.set(q, found ? best : -1);
  }
  for (const q of bench.negatives) {
    const tokens = readingOrder(q.raw, 'individual');
    let best = 0;
    for (const listed of everyIndividual) best = Math.max(best, bestPairsJaroWinkler(tokens, listed));
    baseline.set(q, best);
  }
}

// Report.
const groups = [...new Set(bench.positives.map((q) => q.group))];
const KINDS = ['variant', 'partial', 'different'] as const;
console.log(
  `\nWarden recall — right entity is the top hit at the bucket or stronger (${IDF ? 'IDF' : 'length'} weights, config ${process.env.MATCH_CONFIG ?? 'defaults'})`,
);
console.log(
  `${'aliases → primary'.padEnd(30)}${'n'.padStart(7)}${BUCKETS.map((b) => (b === 'EXACT' ? 'EXACT' : `≥${b}`).padStart(9)).join('')}`,
);
const line = (label: string, qs: readonly BenchQuery[]): void =>
  console.log(
    `${label.padEnd(30)}${String(qs.length).padStart(7)}${BUCKETS.map((b) => percent(qs.filter((q) => atLeast(strengths.get(q) ?? null, b)).length, qs.length).padStart(9)).join('')}`,
  );
for (const kind of KINDS) {
  for (const g of groups)
    line(
      `${g} ${kind}`,
      bench.positives.filter((q) => q.group === g && q.variant === kind),
    );
  line(
    `all ${kind}s`,
    bench.positives.filter((q) => q.variant === kind),
  );
}
line('all positives', bench.positives);
line('FP: PEP names', bench.negatives);
const variantCount = bench.positives.filter((q) => q.variant === 'variant').length;
console.log(
  `(candidate retrieval found the right entity for ${percent(retrievedVariants, variantCount).trim()} of variants, ${percent(retrieved, bench.positives.length).trim()} of positives)`,
);

const oursT = thresholdAtOnePercent(bench.negatives.map((q) => scores.get(q) ?? 0));
const recallAt = (qs: readonly BenchQuery[], m: Map<BenchQuery, number>, t: number): string =>
  percent(qs.filter((q) => (m.get(q) ?? -1) >= t).length, qs.length);
console.log(`\nAt the threshold where false positives on PEP names reach 1 % (variants | all positives):`);
const variants = bench.positives.filter((q) => q.variant === 'variant');
console.log(
  `  Warden                   threshold ${oursT.toFixed(3)}  recall ${recallAt(variants, scores, oursT)} | ${recallAt(bench.positives, scores, oursT)}`,
);
if (BASELINE) {
  const sample = bench.positives.filter((q) => baseline.has(q));
  const sampleVariants = sample.filter((q) => q.variant === 'variant');
  const baseT = thresholdAtOnePercent(bench.negatives.map((q) => baseline.get(q) ?? 0));
  console.log(
    `  best-pairs JW scan       threshold ${baseT.toFixed(3)}  recall ${recallAt(sampleVariants, baseline, baseT)} | ${recallAt(sample, baseline, baseT)}  (sample of ${sample.length})`,
  );
  console.log(
    `  Warden on that sample    threshold ${oursT.toFixed(3)}  recall ${recallAt(sampleVariants, scores, oursT)} | ${recallAt(sample, scores, oursT)}`,
  );
}
const queries = bench.positives.length + bench.negatives.length;
console.log(
  `\nWarden scoring ${((1000 * scoringMs) / queries).toFixed(1)} µs/query over ${queries} queries (${(allQueries.reduce((n, q) => n + q.slots.length, 0) / queries).toFixed(1)} candidates each, precomputed); load+index ${((loaded - started) / 1000).toFixed(1)} s`,
);
const flagged = bench.negatives.filter((q) => atLeast(strengths.get(q) ?? null, 'MEDIUM'));
if (flagged.length > 0)
  console.log(
    `PEP names at MEDIUM+: ${flagged.map((q) => `${q.raw} (${(scores.get(q) ?? 0).toFixed(3)})`).join('; ')}`,
  );
if (MISSES > 0) {
  const stride = Math.max(1, Math.floor(misses.length / MISSES));
  misses = misses.filter((_, i) => i % stride === 0).slice(0, MISSES);
  console.log(`\nSample of misses (${MISSES}):\n  ${misses.join('\n  ')}`);
}
