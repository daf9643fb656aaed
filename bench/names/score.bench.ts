/**
 * Hot-path timings of the name pipeline: `npx vitest bench --run bench/names/score.bench.ts`.
 * Inputs (lists, index, prepared names) are built once, outside the measured functions. The
 * brute-force baseline — a best-pairs Jaro-Winkler scan of every listed name — runs in the same file,
 * and an afterAll pass prints per-query p50/p99 for both and their ratio (DESIGN.md §6: ≥ 1000×).
 * Lists: UN + OFAC primary names and aliases from ../shared/datasets; queries: PEP names and aliases.
 */
import { afterAll, bench, describe } from 'vitest';
import { NameIndex } from '../../src/names/candidates.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/config.js';
import { jaroWinkler } from '../../src/names/jaro-winkler.js';
import { normalizeName } from '../../src/names/normalize.js';
import { scoreNames, scoreNameValue } from '../../src/names/score.js';
import type { PreparedName } from '../../src/names/types.js';
import { hasSharedDatasets } from '../../test/support/datasets.js';
import { bestPairsJaroWinkler } from './best-pairs-baseline.js';
import { loadOfac, loadPepNames, loadUn } from './datasets.js';

const cfg = DEFAULT_MATCH_CONFIG;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

function timeEach(inputs: readonly string[], run: (raw: string) => void): number[] {
  const out: number[] = [];
  for (const raw of inputs) {
    const started = performance.now();
    run(raw);
    out.push((performance.now() - started) * 1000);
  }
  return out.sort((a, b) => a - b);
}

if (!hasSharedDatasets) {
  describe.skip('names hot path (needs ../shared/datasets)', () => {
    bench('skipped', () => {});
  });
} else {
  const entries = [...loadUn(), ...loadOfac()];
  const index = new NameIndex({ idfWeights: true });
  const listedTokens: string[][] = [];
  entries.forEach((e, owner) => {
    for (const name of [e.primary, ...e.aliases]) {
      index.add(name, 'any', owner);
      listedTokens.push(normalizeName(name).split(' '));
    }
  });
  index.build();

  // Queries: every PEP name (not listed) and every 40th alias (listed), prepared outside the timings.
  const aliases = entries.flatMap((e) => e.aliases).filter((_, i) => i % 40 === 0);
  const queries = [...loadPepNames(), ...aliases];
  const prepared = queries.map((raw) => index.prepare(raw, 'any'));
  const tokens = queries.map((raw) => normalizeName(raw).split(' '));
  // Pairs for the per-pair benches: each query against its first candidate.
  const pairs: [PreparedName, PreparedName][] = prepared.flatMap((q) => {
    const slot = index.candidates(q)[0];
    return slot === undefined ? [] : [[q, index.nameAt(slot)] as [PreparedName, PreparedName]];
  });
  const words = pairs.flatMap(([q, c]) =>
    q.tokens[0] && c.tokens[0] ? [[q.tokens[0], c.tokens[0]] as const] : [],
  );

  let sink = 0;
  const screen = (q: PreparedName): number => {
    let best = 0;
    for (const slot of index.candidates(q)) {
      const s = scoreNameValue(q, index.nameAt(slot), cfg);
      if (s > best) best = s;
    }
    return best;
  };
  const scan = (queryTokens: readonly string[]): number => {
    let best = 0;
    for (const listed of listedTokens) {
      const s = bestPairsJaroWinkler(queryTokens, listed);
      if (s > best) best = s;
    }
    return best;
  };

  describe(`jaroWinkler (${words.length} token pairs per iteration)`, () => {
    bench('jaroWinkler', () => {
      for (const [a, b] of words) sink += jaroWinkler(a, b);
    });
  });

  describe(`one name pair (${pairs.length} pairs per iteration)`, () => {
    bench('scoreNameValue (Warden)', () => {
      for (const [q, c] of pairs) sink += scoreNameValue(q, c, cfg);
    });
    bench('scoreNames with explanation', () => {
      for (const [q, c] of pairs) sink += scoreNames(q, c, cfg, { explain: true }).score;
    });
    bench('best-pairs Jaro-Winkler (baseline)', () => {
      for (const [q, c] of pairs) sink += bestPairsJaroWinkler(q.tokens, c.tokens);
    });
  });

  describe(`screen one name against ${index.size} listed names`, () => {
    let i = 0;
    bench('Warden: prepare + index candidates + scoreNames', () => {
      const raw = queries[i++ % queries.length] ?? '';
      sink += screen(index.prepare(raw, 'any'));
    });
    let j = 0;
    bench(
      'brute force: best-pairs Jaro-Winkler scan of every name',
      () => {
        sink += scan(tokens[j++ % tokens.length] ?? []);
      },
      { iterations: 10, time: 0 },
    );
  });

  afterAll(() => {
    // One untimed pass first: the first query of each shape pays for JIT compilation.
    timeEach(queries, (raw) => (sink += screen(index.prepare(raw, 'any'))));
    const warden = timeEach(queries, (raw) => (sink += screen(index.prepare(raw, 'any'))));
    const sample = queries.filter((_, k) => k % Math.ceil(queries.length / 20) === 0);
    const brute = timeEach(sample, (raw) => (sink += scan(normalizeName(raw).split(' '))));
    const p50 = percentile(warden, 0.5);
    const bruteP50 = percentile(brute, 0.5);
    console.log(
      `\nscreen one name against ${index.size} names (${queries.length} queries; prepare included):\n` +
        `  Warden       p50 ${p50.toFixed(1)} µs  p99 ${percentile(warden, 0.99).toFixed(1)} µs\n` +
        `  brute force  p50 ${bruteP50.toFixed(0)} µs  p99 ${percentile(brute, 0.99).toFixed(0)} µs (${sample.length} queries)\n` +
        `  ratio at p50 ${(bruteP50 / p50).toFixed(0)}×   (sink ${sink > 0 ? 'ok' : '0'})`,
    );
  });
}
