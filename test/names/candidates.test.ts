import { describe, expect, it } from 'vitest';
import { NameIndex } from '../../src/names/candidates.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/config.js';
import { scoreNames, scoreNameValue } from '../../src/names/score.js';

const LISTED: readonly [string, number][] = [
  ['AL-BAGHDADI, Abu Bakr', 1],
  ['MADURO MOROS, Nicolas', 2],
  ['KOVALENKO, Ivan Petrovych', 3],
  ['ABD AL-RAHMAN YASIN', 4],
  ['Mohammed Omar', 5],
  ['Mohammed Hassan', 6],
  ['Mohammed Ali', 7],
  ['SMITH, John', 8],
  ['Jon Smyth', 9],
];

function buildIndex(options = {}): NameIndex {
  const index = new NameIndex(options);
  for (const [name, owner] of LISTED) index.add(name, 'individual', owner);
  index.build();
  return index;
}

function ownersFor(index: NameIndex, query: string): number[] {
  return [...index.candidates(index.prepare(query, 'individual'))].map((slot) => index.ownerOf(slot));
}

describe('NameIndex', () => {
  const index = buildIndex();

  it.each([
    ['Abu Bakr al Baghdadi', 1],
    ['Abubakr Albaghdadi', 1],
    ['Baghdadi', 1],
    ['Nicolas Maduro', 2],
    ['Ivan Petrovich Kovalenko', 3],
    ['Abdulrahman Yasin', 4],
    ['Muhammad Umar', 5],
    ['John Smith', 8],
  ])('retrieves the listed entity for %s', (query, owner) => {
    expect(ownersFor(index, query)).toContain(owner);
  });

  it('puts the best-evidenced names first', () => {
    expect(ownersFor(index, 'Mohammed Omar')[0]).toBe(5);
    const lenient = buildIndex({ minEvidenceRatio: 0.1 });
    expect(ownersFor(lenient, 'John Smith').slice(0, 2).sort()).toEqual([8, 9]);
    expect(ownersFor(buildIndex({ minEvidenceRatio: 0.9 }), 'John Smith')).toEqual([8]);
  });

  it('retrieves nothing for names with no shared evidence, or only weak tokens', () => {
    expect(ownersFor(index, 'Xavier Quintero')).toEqual([]);
    expect(ownersFor(index, 'al bin')).toEqual([]);
    expect(ownersFor(index, '')).toEqual([]);
  });

  it('considers only the kept slots, before the candidate cut', () => {
    const small = buildIndex({ maxCandidates: 1 });
    const keep = new Uint8Array(small.size);
    keep[LISTED.findIndex(([, owner]) => owner === 6)] = 1;
    expect(
      [...small.candidates(small.prepare('Mohammed Omar', 'individual'), { keep })].map((s) =>
        small.ownerOf(s),
      ),
    ).toEqual([6]);
  });

  it('considers only the slots in the scope range', () => {
    const index = buildIndex();
    const q = index.prepare('Mohammed', 'individual');
    const everywhere = [...index.candidates(q)];
    expect(everywhere.length).toBeGreaterThan(1);
    const first = Math.min(...everywhere);
    const scoped = [...index.candidates(q, { from: first + 1, to: index.size })];
    expect(scoped).not.toContain(first);
    expect(scoped).toEqual(everywhere.filter((s) => s !== first));
  });

  it('can put its IDF into the prepared weights instead of a tokenWeight callback', () => {
    const baked = buildIndex({ idfWeights: true });
    const qa = index.prepare('Mohammed Omar Hassan', 'individual');
    const qb = baked.prepare('Mohammed Omar Hassan', 'individual');
    const viaCallback = scoreNames(qa, index.nameAt(5), DEFAULT_MATCH_CONFIG, {
      tokenWeight: index.tokenWeight,
    });
    const viaWeights = scoreNames(qb, baked.nameAt(5), DEFAULT_MATCH_CONFIG);
    expect(viaWeights.score).toBeCloseTo(viaCallback.score, 12);
  });

  it('bounds the number of candidates', () => {
    const small = buildIndex({ maxCandidates: 2 });
    expect(ownersFor(small, 'Mohammed')).toHaveLength(2);
  });

  it('gives rare tokens more weight than common ones, and unknown tokens the most', () => {
    const mohammed = index.prepare('Mohammed', 'individual').ids[0] ?? -1;
    const maduro = index.prepare('Maduro', 'individual').ids[0] ?? -1;
    expect(index.tokenWeight(maduro)).toBeGreaterThan(index.tokenWeight(mohammed));
    expect(index.tokenWeight(-1)).toBe(1);
  });

  it('scores its candidates with the index weights', () => {
    const q = index.prepare('Mohammed Omar', 'individual');
    const best = [...index.candidates(q)]
      .map((slot) => ({
        owner: index.ownerOf(slot),
        ...scoreNames(q, index.nameAt(slot), DEFAULT_MATCH_CONFIG, { tokenWeight: index.tokenWeight }),
      }))
      .sort((a, b) => b.score - a.score)[0];
    expect(best?.owner).toBe(5);
    expect(best?.exact).toBe(true);
  });

  it('refuses names after build() and unknown slots', () => {
    expect(() => index.add('Late Name', 'individual', 99)).toThrow(/after build/);
    expect(() => index.nameAt(999)).toThrow(RangeError);
    expect(index.size).toBe(LISTED.length);
  });
});

describe('NameIndex.reachFilter', () => {
  const index = buildIndex();
  const sourcesOf = (name: string) => NameIndex.retrievalSources(index.prepare(name, 'individual'));

  it('passes exactly the queries whose candidates can include a kept name', () => {
    const keep = new Uint8Array(index.size);
    keep[LISTED.findIndex(([, owner]) => owner === 2)] = 1; // MADURO MOROS, Nicolas
    const reaches = index.reachFilter({ keep });
    for (const query of [
      'Nicolas Maduro',
      'Nikolas Madura',
      'John Smith',
      'Mohammed Omar',
      'Xavier Quintero',
    ]) {
      const candidates = [...index.candidates(index.prepare(query, 'individual'), { keep })];
      expect(reaches(sourcesOf(query)), query).toBe(candidates.length > 0);
    }
  });

  it('describes a query by strings that mean the same under any vocabulary', () => {
    expect(sourcesOf('Abu Bakr al-Baghdadi')).toEqual(
      expect.arrayContaining(['t:bakr', 't:baghdadi', 'm:bakral']),
    );
    const other = new NameIndex();
    other.add('Somebody Else', 'individual', 1);
    other.build();
    expect(NameIndex.retrievalSources(other.prepare('Abu Bakr al-Baghdadi', 'individual'))).toEqual(
      sourcesOf('Abu Bakr al-Baghdadi'),
    );
  });

  it.each([true, false])(
    'scores a slot as scoreNameValue does, or 0 below the floor asked for (idfWeights %s)',
    (idfWeights) => {
      const indexed = buildIndex({ idfWeights });
      const weight = idfWeights ? undefined : indexed.tokenWeight;
      const queries = ['Abu Bakr al Baghdadi', 'John Smith', 'Mohammed Smith', 'Ivan Kowalenko', 'Omar'];
      let pruned = 0;
      for (const query of queries) {
        const q = indexed.prepare(query, 'individual');
        for (let slot = 0; slot < indexed.size; slot++) {
          const score = scoreNameValue(q, indexed.nameAt(slot), DEFAULT_MATCH_CONFIG, weight);
          expect(indexed.score(q, slot, DEFAULT_MATCH_CONFIG)).toBe(score);
          for (const floor of [0.5, 0.65, 0.9]) {
            const fast = indexed.score(q, slot, DEFAULT_MATCH_CONFIG, floor);
            expect(fast === score || (fast === 0 && score < floor), `${query} / ${slot} at ${floor}`).toBe(
              true,
            );
            if (fast === 0 && score > 0) pruned++;
          }
        }
      }
      expect(pruned).toBeGreaterThan(0);
    },
  );
});
