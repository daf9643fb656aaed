/**
 * Optimal string alignment distance: Levenshtein's edits plus the transposition of two adjacent
 * letters as one edit ("mohamemd" / "mohammed": 1, not 2). fastest-levenshtein answers first; this
 * runs only when it says two or more edits, where a swap may hide. Allocation-free: three rows of
 * a module buffer, grown only for unusually long tokens.
 */
import { distance } from 'fastest-levenshtein';

let rows = new Int32Array(3 * 64);

/**
 * @example editDistance('mohamemd', 'mohammed') === 1; editDistance('kitten', 'sitting') === 3
 */
export function editDistance(a: string, b: string): number {
  const levenshtein = distance(a, b);
  if (levenshtein < 2) return levenshtein;
  return Math.min(levenshtein, osaDistance(a, b));
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
