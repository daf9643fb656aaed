import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { editDistance, MAX_SWAP_DISTANCE, transliterationDistance } from '../../src/names/edit-distance.js';

describe('editDistance', () => {
  it.each([
    ['mohamemd', 'mohammed', 1],
    ['hussein', 'husseni', 1],
    ['kitten', 'sitting', 3],
    ['abc', 'ca', 3],
    ['', 'abc', 3],
    ['same', 'same', 0],
  ])('%s / %s: %i', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
    expect(editDistance(b, a)).toBe(expected);
  });

  it('is never above Levenshtein, and below it only by swaps (each saves at most one edit)', () => {
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const word = (): string =>
      Array.from({ length: 1 + random(9) }, () => String.fromCharCode(97 + random(4))).join('');
    for (let k = 0; k < 2_000; k++) {
      const [a, b] = [word(), word()];
      const d = editDistance(a, b);
      expect(d).toBeLessThanOrEqual(distance(a, b));
      expect(d * 2).toBeGreaterThanOrEqual(distance(a, b));
    }
  });
});

/** The optimal string alignment distance, written plainly: the reference editDistance's shortcuts must meet. */
function referenceOsa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => i + j),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

describe('editDistance against a plain OSA', () => {
  it('agrees up to MAX_SWAP_DISTANCE Levenshtein edits (its swap prefilter skips only what cannot matter)', () => {
    let seed = 3;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const word = (): string =>
      Array.from({ length: 1 + random(10) }, () => String.fromCharCode(97 + random(5))).join('');
    for (let k = 0; k < 3_000; k++) {
      const [a, b] = [word(), word()];
      const levenshtein = distance(a, b);
      const expected = levenshtein > MAX_SWAP_DISTANCE ? levenshtein : referenceOsa(a, b);
      expect(editDistance(a, b), `${a} / ${b}`).toBe(expected);
    }
  });
});

describe('transliterationDistance', () => {
  it.each([
    ['hezbollah', 'hizballah', 1],
    ['muhammad', 'mohammed', 1],
    ['ladin', 'laden', 0.5],
    ['kovalenko', 'kovalchuk', 4],
    // Short tokens keep full edits: Chinese and Korean syllables differ by their vowel.
    ['lin', 'lan', 1],
    // A consonant apart, or not only substitutions: plain edits.
    ['souza', 'sousa', 1],
    ['saveleva', 'vasileva', 3],
    ['usama', 'osamah', 2],
  ])('%s / %s: %d', (a, b, expected) => {
    expect(transliterationDistance(a, b)).toBe(expected);
    expect(transliterationDistance(b, a)).toBe(expected);
  });

  it('never exceeds the edit distance nor halves it more than once per letter', () => {
    let seed = 11;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const word = (length: number): string =>
      Array.from({ length }, () => 'aeioubdkl'.charAt(random(9))).join('');
    for (let k = 0; k < 2_000; k++) {
      const length = 1 + random(9);
      const [a, b] = [word(length), word(length)];
      const d = transliterationDistance(a, b);
      expect(d).toBeLessThanOrEqual(editDistance(a, b));
      expect(d * 2).toBeGreaterThanOrEqual(editDistance(a, b));
    }
  });
});
