/**
 * The held-out evaluation's split (bench/names/eval/split.ts): the same on every run, by party so
 * that no listed record has queries on both sides, and about half and half.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvalLists, type EvalLists } from '../../bench/names/eval/lists.js';
import { buildEvalQueries, type EvalQuerySet } from '../../bench/names/eval/queries.js';
import { splitOf } from '../../bench/names/eval/split.js';
import { describeWithDatasets, SHARED_DATASETS } from '../support/datasets.js';

describe('splitOf', () => {
  it('puts a key on the same side every time', () => {
    expect(splitOf('un:QDi.012')).toBe(splitOf('un:QDi.012'));
  });

  it('halves keys that differ only in their last digit', () => {
    // FNV-1a's low bit alone would put every even-numbered key on one side.
    const even = Array.from({ length: 500 }, (_, i) => splitOf(`faker:de:${2 * i}`));
    const dev = even.filter((s) => s === 'dev').length;
    expect(dev).toBeGreaterThan(200);
    expect(dev).toBeLessThan(300);
  });
});

describeWithDatasets('held-out evaluation queries', () => {
  let lists: EvalLists;
  let set: EvalQuerySet;
  beforeAll(async () => {
    lists = await loadEvalLists(SHARED_DATASETS);
    set = buildEvalQueries(lists);
  });

  it('are built the same, on the same sides, every time', () => {
    const again = buildEvalQueries(lists);
    expect(again.queries.map((q) => `${q.name}|${q.target}|${q.split}`)).toEqual(
      set.queries.map((q) => `${q.name}|${q.target}|${q.split}`),
    );
  });

  it('never put one target record, or one party, on both sides', () => {
    const sides = new Map<string, Set<string>>();
    for (const q of set.queries) {
      for (const key of [q.target, q.party]) {
        if (key !== null) sides.set(key, (sides.get(key) ?? new Set()).add(q.split));
      }
    }
    expect([...sides].filter(([, s]) => s.size > 1).map(([key]) => key)).toEqual([]);
  });

  it('give about half the positives and half the negatives to each side', () => {
    for (const positive of [true, false]) {
      const qs = set.queries.filter((q) => (q.target !== null) === positive);
      const dev = qs.filter((q) => q.split === 'dev').length / qs.length;
      expect(qs.length).toBeGreaterThan(3000);
      expect(dev).toBeGreaterThan(0.45);
      expect(dev).toBeLessThan(0.55);
    }
  });

  it('link the UK and UN copies of a designation by UN reference', () => {
    expect(set.links.unUk).toBeGreaterThan(800);
  });
});
