/**
 * Optimal string alignment distance: Levenshtein's edits plus the transposition of two adjacent
 * letters as one edit ("mohamemd" / "mohammed": 1, not 2). fastest-levenshtein answers first; this
 * runs only when it says two or three edits and two swapped neighbours are near. Allocation-free: three rows of
 * a module buffer, grown only for unusually long tokens.
 */
import { distance } from 'fastest-levenshtein';

let rows = new Int32Array(3 * 64);

/**
 * Above this many Levenshtein edits a swap is not looked for: one edit saved there barely moves a
 * similarity that is low already, and the search would run on most pairs a query compares.
 */
export const MAX_SWAP_DISTANCE = 3;

/**
 * @example editDistance('mohamemd', 'mohammed') === 1; editDistance('kitten', 'sitting') === 3
 */
export function editDistance(a: string, b: string): number {
  const levenshtein = distance(a, b);
  if (levenshtein < 2 || levenshtein > MAX_SWAP_DISTANCE || !hasSwap(a, b, levenshtein)) return levenshtein;
  return Math.min(levenshtein, osaDistance(a, b));
}

/**
 * Whether some two neighbours of `a` stand swapped in `b` within `reach` letters of their place:
 * an optimal alignment strays at most its cost from the diagonal, so without such a pair the OSA
 * distance is Levenshtein's, and its dynamic programme (most of the time a pair costs) is skipped.
 */
function hasSwap(a: string, b: string, reach: number): boolean {
  for (let i = 0; i + 1 < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = a.charCodeAt(i + 1);
    if (x === y) continue;
    const to = Math.min(b.length - 1, i + reach + 1);
    for (let j = Math.max(0, i - reach); j < to; j++) {
      if (b.charCodeAt(j) === y && b.charCodeAt(j + 1) === x) return true;
    }
  }
  return false;
}

function osaDistance(a: string, b: string): number {
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width);
  // Rows i-2, i-1 and i of the dynamic programme, rotating through the buffer.
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j++) rows[previous + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[current] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let d = Math.min(rows[previous + j]! + 1, rows[current + j - 1]! + 1, rows[previous + j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        d = Math.min(d, rows[before + j - 2]! + 1);
      }
      rows[current + j] = d;
    }
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  return rows[previous + b.length]!;
}

/** Tokens at least this long spell a vowel differently at half an edit; shorter ones, at a full one (lin / lan). */
export const MIN_VOWEL_DISCOUNT_LENGTH = 5;

const isVowel = (code: number): boolean =>
  code === 97 || code === 101 || code === 105 || code === 111 || code === 117;

/**
 * The edit distance, except that two tokens of one length whose every difference is a vowel written
 * for another vowel are half an edit per vowel apart: romanizations of one Arabic, Persian or Slavic
 * name disagree mostly on the vowels the original script leaves unwritten ("hizballah" / "hezbollah",
 * "muhammad" / "mohammed": 1, not 2). One consonant apart and the spellings are simply edits apart.
 *
 * @example transliterationDistance('hezbollah', 'hizballah') === 1
 */
export function transliterationDistance(a: string, b: string): number {
  const distance = editDistance(a, b);
  if (distance === 0 || a.length !== b.length || a.length < MIN_VOWEL_DISCOUNT_LENGTH) return distance;
  let vowelSwaps = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (!isVowel(x) || !isVowel(y)) return distance;
    vowelSwaps++;
  }
  return Math.min(distance, vowelSwaps / 2);
}

/** The letterSet bits of the five vowels. */
export const VOWEL_BITS = (1 << 0) | (1 << 4) | (1 << 8) | (1 << 14) | (1 << 20);
