/**
 * An upper bound on scoreNameValue from the packed numbers alone, so a search can drop a candidate
 * that cannot reach its floor before aligning it (most candidates of an unlisted name share only a
 * common first name with it).
 *
 * Per token, the most credit any partner could give it: from the highest similarity the pair could
 * have (tokenSimilarityBound: lengths, letter sets, first letters, phonetic keys — 1 for equal ids;
 * the particle similarity when a glued article leaves two stems that could be equal), or from a
 * merged pair where two neighbours could be written as one (the same bound on the merged spelling);
 * a pair below minPairSimilarity is never aligned. Then each token either earns its best credit or
 * costs its unmatched penalty, whichever helps the score more, each on its own (no one-to-one
 * constraint): no alignment can score more. The best such choice is a ratio maximisation, solved
 * exactly by Dinkelbach's iteration (at ratio r a token is worth aligning when its credit > r · (1 −
 * its penalty)).
 */
import type { MatchConfig } from './config.js';
import { credit } from './credit.js';
import { mergeable, popcount, shareEnoughLetters, tokenSimilarityBound } from './token-similarity.js';
import { isDigitCode } from './numerals.js';
import { MAX_TOKENS } from './tokenize.js';
import {
  isInformativeClass,
  isStemmed,
  plainPair,
  NAME_VARIANT_FLAG,
  STEMMED_FLAG,
  TOKEN_STRIDE,
  TokenField,
} from './types.js';
// Module constants, not TokenField.X in the loops (types.ts says why).
const { CLASS, ID, INITIAL, LENGTH, LETTERS, PHONETIC, STEM } = TokenField;
const S = TOKEN_STRIDE;

const queryCredit = new Float64Array(MAX_TOKENS);
const candidateCredit = new Float64Array(MAX_TOKENS);
/** bestRatio's lowest credit chosen per side (query, candidate) in a round. */
const lowestChosen = new Float64Array(2);

/**
 * The most similar two single tokens could be (tokenSimilarity, bounded where it would compute), from
 * their packed numbers at `qi` in `q` and `cj` in `c`.
 */
export function tokenPairBound(
  q: Float64Array,
  qi: number,
  c: Float64Array,
  cj: number,
  cfg: MatchConfig,
): number {
  const qId = q[qi + ID]!;
  // Equal ids, or two tokens the vocabulary does not know (which may still be the same string).
  if (qId === c[cj + ID]) return 1;
  const ql = q[qi + LENGTH]!;
  const cl = c[cj + LENGTH]!;
  const qInitial = q[qi + INITIAL]!;
  const cInitial = c[cj + INITIAL]!;
  // Numbers meet only when equal (numerals.ts).
  if (isDigitCode(qInitial) || isDigitCode(cInitial)) return 0;
  if (ql === 1 || cl === 1) return ql !== cl && qInitial === cInitial ? cfg.initialSimilarity : 0;
  const bound = tokenSimilarityBound(
    ql,
    q[qi + LETTERS]!,
    qInitial,
    q[qi + PHONETIC]!,
    cl,
    c[cj + LETTERS]!,
    cInitial,
    c[cj + PHONETIC]!,
    cfg,
  );
  const qStem = q[qi + STEM]!;
  const cStem = c[cj + STEM]!;
  if (plainPair(qStem, cStem)) return bound;
  // Two tokens with name variants may be one name (a nickname, a romanization).
  const variants = qStem >= NAME_VARIANT_FLAG && cStem >= NAME_VARIANT_FLAG ? cfg.nameVariantSimilarity : 0;
  // A glued article ("albaghdadi" / "baghdadi"): equal stems are worth the particle similarity, and
  // only stems with equal hashes can be equal.
  const sameStem = (isStemmed(qStem) || isStemmed(cStem)) && qStem % STEMMED_FLAG === cStem % STEMMED_FLAG;
  const particle = sameStem ? cfg.particleSimilarity : 0;
  return Math.max(bound, variants, particle);
}

/**
 * The most similar a merged spelling (two neighbours as one word: its length, letter set and first
 * letter) and the single token at `bt` in `b` could be: tokenSimilarity of two strings with no ids
 * and no phonetic keys, as the alignment compares them (align.ts), before the merged discount.
 */
function mergedPairBound(
  length: number,
  letters: number,
  initial: number,
  b: Float64Array,
  bt: number,
  cfg: MatchConfig,
): number {
  const bLength = b[bt + LENGTH]!;
  const bInitial = b[bt + INITIAL]!;
  if (bLength === 1) return initial === bInitial ? cfg.initialSimilarity : 0;
  const bound = tokenSimilarityBound(
    length,
    letters,
    initial,
    -1,
    bLength,
    b[bt + LETTERS]!,
    bInitial,
    -1,
    cfg,
  );
  // The merged spelling could be the single token's stem, or one of its name variants.
  const stem = b[bt + STEM]!;
  const particle = isStemmed(stem) ? cfg.particleSimilarity : 0;
  const variants = stem >= NAME_VARIANT_FLAG ? cfg.nameVariantSimilarity : 0;
  return Math.max(bound, particle, variants);
}

/** One side's merged neighbours against the other side's single tokens: the credit goes to all three. */
function mergedCredits(
  a: Float64Array,
  aBase: number,
  na: number,
  aCredit: Float64Array,
  b: Float64Array,
  bBase: number,
  nb: number,
  bCredit: Float64Array,
  cfg: MatchConfig,
): void {
  for (let k = 0; k + 1 < na; k++) {
    const at = aBase + k * S;
    const length = a[at + LENGTH]! + a[at + S + LENGTH]!;
    const initial = a[at + INITIAL]!;
    const letters = a[at + LETTERS]! | a[at + S + LETTERS]!;
    for (let j = 0; j < nb; j++) {
      const bt = bBase + j * S;
      if (!mergeable(length, initial, b[bt + LENGTH]!, b[bt + INITIAL]!)) continue;
      const similarity = cfg.mergedSimilarity * mergedPairBound(length, letters, initial, b, bt, cfg);
      if (similarity < cfg.minPairSimilarity) continue;
      const earned = credit(similarity, cfg.pairSimilarityFloor);
      if (aCredit[k]! < earned) aCredit[k] = earned;
      if (aCredit[k + 1]! < earned) aCredit[k + 1] = earned;
      if (bCredit[j]! < earned) bCredit[j] = earned;
    }
  }
}

/** scoreUpperBound's `merges`: the query's merged pairs may meet the list name's tokens. */
export const QUERY_MERGES = 1;
/** scoreUpperBound's `merges`: the list name's merged pairs may meet the query's tokens. */
export const CANDIDATE_MERGES = 2;
/** Int32s of a mergeSignature. */
export const MERGE_SIGNATURE = 3;
const LONGEST_ANY = 0xffff;
const SHORTEST_NONE = 0x7fff;

/**
 * What mergedCredits could meet, into MERGE_SIGNATURE int32s from `at` of `out`, for the `n` tokens
 * packed from `base` of `packed`: the first letters of the tokens (bit charCode & 31) and of the
 * merged pairs (a pair's is its first token's), and the longest token and the shortest merged pair,
 * 16 bits each (a longer token saturates to "any length", a longer pair to 0x7fff: both err towards
 * a merge).
 */
export function mergeSignature(
  packed: Float64Array,
  base: number,
  n: number,
  out: Int32Array,
  at: number,
): void {
  let initials = 0;
  let mergedInitials = 0;
  let longest = 0;
  let shortestPair = SHORTEST_NONE;
  for (let k = 0; k < n; k++) {
    const t = base + k * S;
    const bit = 1 << (packed[t + INITIAL]! & 31);
    initials |= bit;
    longest = Math.max(longest, packed[t + LENGTH]!);
    if (k + 1 === n) continue;
    mergedInitials |= bit;
    shortestPair = Math.min(shortestPair, packed[t + LENGTH]! + packed[t + S + LENGTH]!);
  }
  out[at] = initials;
  out[at + 1] = mergedInitials;
  out[at + 2] = Math.min(longest, LONGEST_ANY) | (shortestPair << 16);
}

/** Whether a merged pair of signature `a` may be `mergeable` with a token of signature `b`. */
const mergesMeet = (a: Int32Array, aAt: number, b: Int32Array, bAt: number): boolean =>
  (a[aAt + 1]! & b[bAt]!) !== 0 && a[aAt + 2]! >>> 16 <= (b[bAt + 2]! & LONGEST_ANY) + 2;

/**
 * The `merges` of scoreUpperBound for a query and a list name of these signatures. Measured on 60k
 * portfolio queries' candidates: a fifth of the directions stay possible, while mergedCredits met a
 * mergeable token in 8 % of the directions it walked.
 */
export function mergeDirections(q: Int32Array, qAt: number, c: Int32Array, cAt: number): number {
  return (
    (mergesMeet(q, qAt, c, cAt) ? QUERY_MERGES : 0) | (mergesMeet(c, cAt, q, qAt) ? CANDIDATE_MERGES : 0)
  );
}

/**
 * The best ratio of earned credit to weight over every choice of tokens to align, by Dinkelbach's
 * iteration: at ratio r a token is aligned when its credit beats r · (1 − its penalty), else it costs
 * its penalty; the best choice at r scores ≥ r, and equals r only at the optimum. A round that leaves
 * out no credited token cannot be improved on: it stops there (the usual case). Written out in one
 * function: a double passed to a helper that is not inlined is boxed, ~1 KB of garbage a query row.
 */
function bestRatio(
  nq: number,
  nc: number,
  cfg: MatchConfig,
  queryWeight: Float64Array,
  candidateWeight: Float64Array,
): number {
  let ratio = 0;
  for (let round = 0; round < 2 * MAX_TOKENS; round++) {
    let earned = 0;
    let total = 0;
    let leftOut = false;
    for (let side = 0; side < 2; side++) {
      const credits = side === 0 ? queryCredit : candidateCredit;
      const weights = side === 0 ? queryWeight : candidateWeight;
      const penalty = side === 0 ? cfg.unmatchedQueryPenalty : cfg.unmatchedCandidatePenalty;
      const limit = ratio * (1 - penalty);
      let lowest = 1;
      for (let i = 0, count = side === 0 ? nq : nc; i < count; i++) {
        const w = weights[i]!;
        const k = credits[i]!;
        if (k > 0 && k > limit) {
          earned += k * w;
          total += w;
          if (k < lowest) lowest = k;
        } else {
          total += penalty * w;
          leftOut ||= k > 0;
        }
      }
      lowestChosen[side] = lowest;
    }
    const next = total > 0 ? earned / total : 0;
    if (next <= ratio) break;
    ratio = next;
    // Every credited token chosen, and none at or below the next round's limit: it would choose the same.
    if (
      !leftOut &&
      lowestChosen[0]! > ratio * (1 - cfg.unmatchedQueryPenalty) &&
      lowestChosen[1]! > ratio * (1 - cfg.unmatchedCandidatePenalty)
    )
      break;
  }
  return ratio;
}

/**
 * The highest score two names could get, from their packed numbers: the query's `qp` (tokens from 0)
 * and the list name's tokens in `cp` from `cBase` on (a name's own packed array, or an index's arena
 * of them). `queryWeight` / `candidateWeight` are the token weights score.ts filled. `merges` skips
 * the merged pairs of a side (QUERY_MERGES, CANDIDATE_MERGES) that mergeDirections rules out. Exact
 * names are the caller's business (they score 1).
 */
export function scoreUpperBound(
  qp: Float64Array,
  nq: number,
  cp: Float64Array,
  cBase: number,
  nc: number,
  cfg: MatchConfig,
  queryWeight: Float64Array,
  candidateWeight: Float64Array,
  merges = QUERY_MERGES | CANDIDATE_MERGES,
): number {
  const min = cfg.minPairSimilarity;
  const floor = cfg.pairSimilarityFloor;
  for (let i = 0; i < nq; i++) queryCredit[i] = 0;
  for (let j = 0; j < nc; j++) candidateCredit[j] = 0;
  for (let i = 0; i < nq; i++) {
    const qi = i * S;
    const qId = qp[qi + ID]!;
    const ql = qp[qi + LENGTH]!;
    const qLetters = qp[qi + LETTERS]! | 0;
    const qStem = qp[qi + STEM]!;
    const qLetterCount = popcount(qLetters);
    for (let j = 0; j < nc; j++) {
      if (queryCredit[i] === 1 && candidateCredit[j] === 1) continue;
      const cj = cBase + j * S;
      // Most pairs: two different plain tokens with too few common letters to be spelling variants,
      // which tokenPairBound would give 0; the query token's numbers read once.
      if (ql > 1 && qId !== cp[cj + ID]! && cp[cj + LENGTH]! > 1 && plainPair(qStem, cp[cj + STEM]!)) {
        const cLetters = cp[cj + LETTERS]! | 0;
        const common = popcount(qLetters & cLetters);
        if (!shareEnoughLetters(common, qLetterCount + popcount(cLetters) - common)) continue;
      }
      const similarity = tokenPairBound(qp, qi, cp, cj, cfg);
      if (similarity < min) continue;
      const earned = credit(similarity, floor);
      if (queryCredit[i]! < earned) queryCredit[i] = earned;
      if (candidateCredit[j]! < earned) candidateCredit[j] = earned;
    }
  }
  if (cfg.mergedSimilarity >= min) {
    if (merges & QUERY_MERGES) mergedCredits(qp, 0, nq, queryCredit, cp, cBase, nc, candidateCredit, cfg);
    if (merges & CANDIDATE_MERGES) mergedCredits(cp, cBase, nc, candidateCredit, qp, 0, nq, queryCredit, cfg);
  }
  let strong = false;
  for (let i = 0; i < nq && !strong; i++) {
    const cls = qp[i * S + CLASS]!;
    strong = queryCredit[i]! > 0 && isInformativeClass(cls);
  }
  if (!strong) return 0;
  return bestRatio(nq, nc, cfg, queryWeight, candidateWeight);
}
