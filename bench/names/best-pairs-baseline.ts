/**
 * The baseline the bars compare with (DESIGN.md §6): a best-pairs Jaro-Winkler in the style of
 * moov-io/watchman's `BestPairsJaroWinkler` — every query token against every list token, pairs
 * taken greedily by score, length-weighted average, 0.9 for a different first letter, a penalty
 * for very different lengths and 15 % of the unmatched list-name fraction. Written for
 * comparison only; it sees the same normalizeName output as Warden.
 */
import { jaroWinkler } from '../../src/names/jaro-winkler.js';

function pairScore(a: string, b: string): number {
  let s = jaroWinkler(a, b);
  const ratio = Math.min(a.length, b.length) / Math.max(a.length, b.length);
  if (ratio < 0.9) s *= 1 - (1 - ratio) * 0.3;
  if (a.charCodeAt(0) !== b.charCodeAt(0)) s *= 0.9;
  return s;
}

const scores = new Float64Array(64 * 64);
const usedQ = new Uint8Array(64);
const usedC = new Uint8Array(64);

/** Best-pairs Jaro-Winkler of two token lists (≤ 64 tokens each), 0..1. */
export function bestPairsJaroWinkler(query: readonly string[], listed: readonly string[]): number {
  const nq = Math.min(query.length, 64);
  const nc = Math.min(listed.length, 64);
  if (nq === 0 || nc === 0) return 0;
  let queryLength = 0;
  let listedLength = 0;
  for (let i = 0; i < nq; i++) queryLength += query[i]?.length ?? 0;
  for (let j = 0; j < nc; j++) listedLength += listed[j]?.length ?? 0;
  for (let i = 0; i < nq; i++) {
    for (let j = 0; j < nc; j++) scores[i * 64 + j] = pairScore(query[i] ?? '', listed[j] ?? '');
  }
  usedQ.fill(0, 0, nq);
  usedC.fill(0, 0, nc);
  let weighted = 0;
  let matchedListedLength = 0;
  for (;;) {
    let best = -1;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < nq; i++) {
      if (usedQ[i] === 1) continue;
      for (let j = 0; j < nc; j++) {
        const s = scores[i * 64 + j] ?? 0;
        if (usedC[j] === 0 && s > best) {
          best = s;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) break;
    usedQ[bi] = 1;
    usedC[bj] = 1;
    const ql = query[bi]?.length ?? 0;
    const cl = listed[bj]?.length ?? 0;
    weighted += best * (ql + cl);
    matchedListedLength += cl;
  }
  const average = weighted / (queryLength + matchedListedLength);
  const matchedFraction = matchedListedLength / listedLength;
  return average * (1 - (1 - matchedFraction) * 0.15);
}
