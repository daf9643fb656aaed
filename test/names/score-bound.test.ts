import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NameIndex } from '../../src/names/candidates.js';
import { DEFAULT_MATCH_CONFIG, MatchConfig } from '../../src/names/config.js';
import { scoreNameValue } from '../../src/names/score.js';
import {
  CANDIDATE_MERGES,
  MERGE_SIGNATURE,
  mergeDirections,
  mergeSignature,
  QUERY_MERGES,
  scoreUpperBound,
  tokenPairBound,
} from '../../src/names/score-bound.js';
import { tokenSimilarity } from '../../src/names/token-similarity.js';
import { TOKEN_STRIDE, TokenField, tokenCount, type PreparedName } from '../../src/names/types.js';
import { describeWithDatasets, sharedPath } from '../support/datasets.js';

const ORDERED = MatchConfig.parse({ nameTransposition: false });

/** Pairs scored with `atLeast` just above their real score must come back 0, at the real score their score. */
function expectBoundHolds(index: NameIndex, a: string, b: string, cfg: MatchConfig): void {
  const q = index.prepare(a, 'individual');
  const c = index.prepare(b, 'individual');
  const score = scoreNameValue(q, c, cfg);
  // The bound never prunes a name that reaches the floor asked for.
  expect(scoreNameValue(q, c, cfg, undefined, score), `${a} / ${b}`).toBe(score);
}

/** The pair scores above 0 and below `floor`, and the bound alone rules it out at `floor`. */
function expectPrunedAt(index: NameIndex, a: string, b: string, floor: number): void {
  const q = index.prepare(a, 'individual');
  const c = index.prepare(b, 'individual');
  const score = scoreNameValue(q, c, DEFAULT_MATCH_CONFIG);
  expect(score, `${a} / ${b}`).toBeGreaterThan(0);
  expect(score, `${a} / ${b}`).toBeLessThan(floor);
  expect(scoreNameValue(q, c, DEFAULT_MATCH_CONFIG, undefined, floor), `${a} / ${b}`).toBe(0);
}

function indexOf(names: readonly string[]): NameIndex {
  const index = new NameIndex({ idfWeights: true });
  names.forEach((name, i) => index.add(name, 'individual', i));
  index.build();
  return index;
}

/**
 * Every token pair of the names, initials and glued articles included: the bound from packed numbers
 * is never below the real similarity. Returns how many pairs it rules out (below minPairSimilarity).
 */
function expectTokenBoundsHold(names: readonly PreparedName[]): number {
  const tokens = names.flatMap((name) => name.tokens.map((_, i) => ({ name, i })));
  let below = 0;
  const broken: string[] = [];
  for (const a of tokens) {
    for (const b of tokens) {
      const real = tokenSimilarity(
        a.name.tokens[a.i]!,
        a.name.ids[a.i]!,
        a.name.phonetic[a.i]!,
        a.name.stems[a.i]!,
        a.name.letters[a.i]!,
        b.name.tokens[b.i]!,
        b.name.ids[b.i]!,
        b.name.phonetic[b.i]!,
        b.name.stems[b.i]!,
        b.name.letters[b.i]!,
        DEFAULT_MATCH_CONFIG,
      );
      const bound = tokenPairBound(
        a.name.packed,
        a.i * TOKEN_STRIDE,
        b.name.packed,
        b.i * TOKEN_STRIDE,
        DEFAULT_MATCH_CONFIG,
      );
      if (bound < real - 1e-12) broken.push(`${a.name.tokens[a.i]} / ${b.name.tokens[b.i]}`);
      if (bound < DEFAULT_MATCH_CONFIG.minPairSimilarity) below++;
    }
  }
  expect(broken).toEqual([]);
  return below;
}

describe('scoreNameValue with a floor (score-bound.ts)', () => {
  const names = [
    'MADURO MOROS, Nicolas',
    'Nicolas Maduro',
    'Abd al-Rahman Yasin',
    'Abdulrahman Yassin',
    'AL-BAGHDADI, Abu Bakr',
    'Albaghdadi Abubakr',
    'J. Smith',
    'John Smith',
    'Jon Smyth',
    'Mohammed Omar',
    'Muhammad Umar',
    'Kovalenko Ivan',
    'Kovalchuk Ivan Petrovych',
    'Xi Jin Ping',
    'Xi Jinping',
    'Ted Lieu',
    'Andrew Johnson',
    'Margarita Cotto Alvarado',
    'Gladys Maria Gutierrez Alvarado',
    'Elbaghdadi Abu Bakr',
    'Jia Ge',
    'Jianshu Zhou',
  ];
  const index = indexOf(names);

  it('never drops a pair that reaches the floor, in any order mode', () => {
    for (const a of names) {
      for (const b of names) {
        expectBoundHolds(index, a, b, DEFAULT_MATCH_CONFIG);
        expectBoundHolds(index, a, b, ORDERED);
      }
    }
  });

  it('drops a name that shares only a common first name', () => {
    // "tyler" and "smith" can meet nothing: only "john" can earn, and they cost their penalties.
    expectPrunedAt(index, 'John Tyler', 'John Smith', 0.8);
  });

  it('bounds every token similarity from lengths, letters, first letters and sounds', () => {
    const spellings = [
      'Mohammed Muhammad Mohamad Mehmet',
      'Kovalenko Kovalchuk Kowalenko',
      'Cantwell Castano',
      'Albaghdadi Baghdadi Elbaghdadi Alvarado Varado J',
    ];
    expect(expectTokenBoundsHold(spellings.map((n) => index.prepare(n, 'individual')))).toBeGreaterThan(0);
  });

  it('bounds a token glued to an article by its spelling and its stem, not as a sure match', () => {
    // "alvarado" has the stem "varado": it can still only earn against "alvarado" itself.
    expectPrunedAt(index, 'Margarita Cotto Alvarado', 'Gladys Maria Gutierrez Alvarado', 0.45);
    // A stem that another token is, as is, keeps its particle similarity.
    const glued = index.prepare('Elbaghdadi Abu Bakr', 'individual');
    const plain = index.prepare('AL-BAGHDADI, Abu Bakr', 'individual');
    const real = scoreNameValue(glued, plain, DEFAULT_MATCH_CONFIG);
    expect(real).toBeGreaterThan(0.9);
    expect(scoreNameValue(glued, plain, DEFAULT_MATCH_CONFIG, undefined, real)).toBe(real);
  });

  it('bounds a merged spelling by its letters, not by its length alone', () => {
    // "jiage" is about as long as "jianshu" and starts alike, but lacks too many of its letters.
    expectPrunedAt(index, 'Jia Ge Zhou', 'Jianshu Zhou', 0.6);
  });

  it('drops a name whose other tokens are spelt too differently to align', () => {
    const wide = indexOf(['Maria Cantwell', 'Maria Helena Ruiz Castano']);
    // "cantwell" / "castano" pass the spelling gates, but they lack too many of each other's letters
    // for a Jaro-Winkler and Levenshtein blend of 0.75: only "maria" can earn.
    expectPrunedAt(wide, 'Maria Cantwell', 'Maria Helena Ruiz Castano', 0.65);
  });
});

/** The `merges` mergeDirections gives for two prepared names. */
function directionsOf(q: PreparedName, c: PreparedName): number {
  const signatures = new Int32Array(2 * MERGE_SIGNATURE);
  mergeSignature(q.packed, 0, tokenCount(q), signatures, 0);
  mergeSignature(c.packed, 0, tokenCount(c), signatures, MERGE_SIGNATURE);
  return mergeDirections(signatures, 0, signatures, MERGE_SIGNATURE);
}

/** scoreUpperBound of two names an idfWeights index prepared (their packed weights are final). */
function boundOf(q: PreparedName, c: PreparedName, merges: number): number {
  const weights = (name: PreparedName) =>
    Float64Array.from(
      { length: tokenCount(name) },
      (_, i) => name.packed[i * TOKEN_STRIDE + TokenField.WEIGHT]!,
    );
  const [nq, nc] = [tokenCount(q), tokenCount(c)];
  return scoreUpperBound(q.packed, nq, c.packed, 0, nc, DEFAULT_MATCH_CONFIG, weights(q), weights(c), merges);
}

describe('merge directions (score-bound.ts)', () => {
  const index = indexOf(['Mao Ze Dong', 'Mao Zedong', 'John Smith', 'John Doe', 'Khalil']);
  const name = (raw: string) => index.prepare(raw, 'individual');

  it('keeps the side whose neighbours could be written as one token of the other', () => {
    const [split, merged] = [name('Mao Ze Dong'), name('Mao Zedong')];
    expect(directionsOf(split, merged)).toBe(QUERY_MERGES);
    expect(directionsOf(merged, split)).toBe(CANDIDATE_MERGES);
    // The bound needs that merge: without it, "zedong" earns nothing.
    expect(boundOf(split, merged, QUERY_MERGES)).toBeGreaterThan(boundOf(split, merged, 0));
  });

  it('rules out merges whose first letters or lengths meet no token of the other side', () => {
    // "johnsmith" starts like "john" but is 5 letters longer than any token of "John Doe".
    expect(directionsOf(name('John Smith'), name('John Doe')) & QUERY_MERGES).toBe(0);
    expect(directionsOf(name('John Smith'), name('Khalil'))).toBe(0);
  });
});

describeWithDatasets('score bound on real list names', () => {
  it('bounds every indexed name as when every merge is tried (merge directions rule out none that credits)', () => {
    const rows = readFileSync(sharedPath('ofac/sdn_2023-12-28/alt.csv'), 'utf8')
      .split('\n')
      .map((line) => line.split('"')[3] ?? '')
      .filter((name, i) => name.length > 0 && i % 61 === 0);
    // Spellings that only a merge aligns, beside the list's own.
    const sample = [...rows, 'Abdul Rahman Al Khalil', 'Abdulrahman Alkhalil', 'Mao Ze Dong', 'Mao Zedong'];
    const index = indexOf(sample);
    const slots = Int32Array.from(sample.keys());
    let mergesMatter = 0;
    for (const raw of sample.filter((_, i) => i % 3 === 0 || i >= rows.length)) {
      const q = index.prepare(raw, 'individual');
      const bounds = index.scoreBounds(q, slots, DEFAULT_MATCH_CONFIG).slice(0, slots.length);
      slots.forEach((slot) => {
        const c = index.nameAt(slot);
        if (!q.informative || !c.informative || (q.exactHash | 0) === (c.exactHash | 0)) return;
        const every = boundOf(q, c, QUERY_MERGES | CANDIDATE_MERGES);
        expect(bounds[slot], `${raw} / ${sample[slot]}`).toBe(every);
        if (boundOf(q, c, 0) < every) mergesMatter++;
      });
    }
    expect(mergesMatter).toBeGreaterThan(0);
  });

  it('holds for every pair of a sample of OFAC names and their aliases', () => {
    const rows = readFileSync(sharedPath('ofac/sdn_2023-12-28/alt.csv'), 'utf8')
      .split('\n')
      .map((line) => line.split('"')[3] ?? '')
      .filter((name) => name.length > 0);
    const sample = rows.filter((_, i) => i % 97 === 0);
    const index = indexOf(sample);
    let pruned = 0;
    for (const a of sample.slice(0, 60)) {
      for (const b of sample) {
        const q = index.prepare(a, 'individual');
        const c = index.prepare(b, 'individual');
        const score = scoreNameValue(q, c, DEFAULT_MATCH_CONFIG);
        expect(scoreNameValue(q, c, DEFAULT_MATCH_CONFIG, undefined, score), `${a} / ${b}`).toBe(score);
        if (scoreNameValue(q, c, DEFAULT_MATCH_CONFIG, undefined, 0.45) === 0 && score > 0) pruned++;
      }
    }
    expect(pruned).toBeGreaterThan(0);
  });

  it('bounds the similarity of every token pair of a sample of OFAC names', () => {
    const rows = readFileSync(sharedPath('ofac/sdn_2023-12-28/alt.csv'), 'utf8')
      .split('\n')
      .map((line) => line.split('"')[3] ?? '')
      .filter((name, i) => name.length > 0 && i % 97 === 0);
    const index = indexOf(rows);
    expect(expectTokenBoundsHold(rows.map((name) => index.prepare(name, 'individual')))).toBeGreaterThan(0);
  });
});
