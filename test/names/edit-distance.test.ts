import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { editDistance, transliterationDistance } from '../../src/names/edit-distance.js';

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
