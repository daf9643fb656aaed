/**
 * Step 6: which query token meets which list token. Every pair of tokens gets a similarity
 * (token-similarity.ts); adjacent tokens are also tried merged ("abdul rahman" / "abdulrahman"). Then a
 * one-to-one assignment: greedy on the highest similarity (order-independent, names are transposed
 * in lists all the time), or a monotone dynamic programme when transposition is off.
 *
 * Hot path: all state lives in module-level typed arrays sized for MAX_TOKENS; nothing is
 * allocated per pair. The result stays in ALIGNMENT until the next call.
 */
import type { MatchConfig } from './config.js';
import { mergeable, spellingVariantsPossible, TOKEN_MATCH, tokenSimilarity } from './token-similarity.js';
import { MAX_TOKENS } from './tokenize.js';
import { MatchSignal, plainPair, TOKEN_STRIDE, tokenCount, TokenField, type PreparedName } from './types.js';
// Module constants, not TokenField.X in the loops (types.ts says why).
const { ID, INITIAL, LENGTH, LETTERS, PHONETIC, STEM } = TokenField;
const S = TOKEN_STRIDE;

const M = MAX_TOKENS;
// Similarities and winning signals: singles [i*M+j], query-merged [k*M+j] (tokens k,k+1 vs j),
// candidate-merged [i*M+k] (i vs tokens k,k+1).
const single = new Float64Array(M * M);
const singleSignal = new Uint8Array(M * M);
const mergedQuery = new Float64Array(M * M);
const mergedCandidate = new Float64Array(M * M);
const usedQuery = new Uint8Array(M);
const usedCandidate = new Uint8Array(M);
const dp = new Float64Array((M + 1) * (M + 1));
const dpMove = new Uint8Array((M + 1) * (M + 1));

/** The last alignment: pair p covers query tokens qStart[p]..+qLen[p] and candidate tokens cStart[p]..+cLen[p]. */
export const ALIGNMENT = {
  count: 0,
  qStart: new Uint8Array(M),
  qLen: new Uint8Array(M),
  cStart: new Uint8Array(M),
  cLen: new Uint8Array(M),
  similarity: new Float64Array(M),
  signal: new Uint8Array(M),
};

/** Equal tokens: the same interned id, or the same string when one side is unknown to the vocabulary. */
function sameToken(q: PreparedName, i: number, c: PreparedName, j: number): boolean {
  const qId = q.packed[i * S + ID]!;
  const cId = c.packed[j * S + ID]!;
  // Names compared share a vocabulary: a token it knows never equals one it does not.
  if (qId >= 0 || cId >= 0) return qId === cId;
  return q.tokens[i] === c.tokens[j];
}

/**
 * Literal matches first: with transposition on, an equal token pair is always the greedy's first
 * choice, so its row and column need no fuzzy comparison at all. Candidates come from the index
 * because they share tokens, so this skips most of the work (nomenklatura's names/match.py does the same).
 */
function takeEqualTokens(q: PreparedName, c: PreparedName, nq: number, nc: number): void {
  for (let i = 0; i < nq; i++) {
    for (let j = 0; j < nc; j++) {
      if (usedCandidate[j] === 0 && sameToken(q, i, c, j)) {
        usedQuery[i] = 1;
        usedCandidate[j] = 1;
        single[i * M + j] = 1;
        singleSignal[i * M + j] = MatchSignal.EXACT;
        break;
      }
    }
  }
}

/**
 * Fills the similarity matrices; cells of tokens already taken by a literal match stay 0 (or 1).
 * Reads the list name's packed numbers first and its strings only for pairs that pass the gates.
 */
function fillMatrices(q: PreparedName, c: PreparedName, cfg: MatchConfig): void {
  const nq = tokenCount(q);
  const nc = tokenCount(c);
  const qp = q.packed;
  const cp = c.packed;
  // Loops, not .fill(): for a dozen cells the call overhead of fill() dominates.
  for (let i = 0; i < nq; i++) {
    usedQuery[i] = 0;
    for (let j = 0, at = i * M; j < nc; j++, at++) {
      single[at] = 0;
      mergedQuery[at] = 0;
      mergedCandidate[at] = 0;
    }
  }
  for (let j = 0; j < nc; j++) usedCandidate[j] = 0;
  if (cfg.nameTransposition) takeEqualTokens(q, c, nq, nc);
  for (let i = 0; i < nq; i++) {
    if (usedQuery[i] === 1) continue;
    const qi = i * S;
    const qLength = qp[qi + LENGTH]!;
    const qLetters = qp[qi + LETTERS]!;
    const qPhonetic = qp[qi + PHONETIC]!;
    // Neither token an initial or glued to an article, and too different to be spelt alike: they
    // are not similar, decided without reading a string.
    const qStem = qp[qi + STEM]!;
    for (let j = 0; j < nc; j++) {
      if (usedCandidate[j] === 1) continue;
      const cj = j * S;
      const cLength = cp[cj + LENGTH]!;
      const cLetters = cp[cj + LETTERS]!;
      const cPhonetic = cp[cj + PHONETIC]!;
      if (
        qLength > 1 &&
        cLength > 1 &&
        plainPair(qStem, cp[cj + STEM]!) &&
        !spellingVariantsPossible(qLength, qLetters, cLength, cLetters)
      ) {
        single[i * M + j] = 0;
        continue;
      }
      single[i * M + j] = tokenSimilarity(
        q.tokens[i]!,
        qp[qi + ID]!,
        qPhonetic,
        q.stems[i]!,
        qLetters,
        c.tokens[j]!,
        cp[cj + ID]!,
        cPhonetic,
        c.stems[j]!,
        cLetters,
        cfg,
      );
      singleSignal[i * M + j] = TOKEN_MATCH.signal;
    }
  }
  for (let k = 0; k + 1 < nq; k++) {
    if (usedQuery[k] === 1 || usedQuery[k + 1] === 1) continue;
    const qk = k * S;
    const qmLength = qp[qk + LENGTH]! + qp[qk + S + LENGTH]!;
    const qmInitial = qp[qk + INITIAL]!;
    const qmLetters = qp[qk + LETTERS]! | qp[qk + S + LETTERS]!;
    for (let j = 0; j < nc; j++) {
      const cj = j * S;
      if (usedCandidate[j] === 1 || !mergeable(qmLength, qmInitial, cp[cj + LENGTH]!, cp[cj + INITIAL]!))
        continue;
      const qm = q.merged[k]!;
      mergedQuery[k * M + j] =
        cfg.mergedSimilarity *
        tokenSimilarity(qm, -1, -1, qm, qmLetters, c.tokens[j]!, -1, -1, c.stems[j]!, cp[cj + LETTERS]!, cfg);
    }
  }
  for (let k = 0; k + 1 < nc; k++) {
    if (usedCandidate[k] === 1 || usedCandidate[k + 1] === 1) continue;
    const ck = k * S;
    const cmLength = cp[ck + LENGTH]! + cp[ck + S + LENGTH]!;
    const cmInitial = cp[ck + INITIAL]!;
    const cmLetters = cp[ck + LETTERS]! | cp[ck + S + LETTERS]!;
    for (let i = 0; i < nq; i++) {
      const qi = i * S;
      if (usedQuery[i] === 1 || !mergeable(cmLength, cmInitial, qp[qi + LENGTH]!, qp[qi + INITIAL]!))
        continue;
      const cm = c.merged[k]!;
      mergedCandidate[i * M + k] =
        cfg.mergedSimilarity *
        tokenSimilarity(q.tokens[i]!, -1, -1, q.stems[i]!, qp[qi + LETTERS]!, cm, -1, -1, cm, cmLetters, cfg);
    }
  }
  // alignGreedy clears the used flags again: the literal pairs are simply its first picks (similarity 1).
}

function record(
  qStart: number,
  qLen: number,
  cStart: number,
  cLen: number,
  sim: number,
  signal: number,
): void {
  const p = ALIGNMENT.count++;
  ALIGNMENT.qStart[p] = qStart;
  ALIGNMENT.qLen[p] = qLen;
  ALIGNMENT.cStart[p] = cStart;
  ALIGNMENT.cLen[p] = cLen;
  ALIGNMENT.similarity[p] = sim;
  ALIGNMENT.signal[p] = signal;
}

/** Order-independent: repeatedly take the best remaining pair whose tokens are all still free. */
function alignGreedy(nq: number, nc: number, min: number): void {
  for (let i = 0; i < nq; i++) usedQuery[i] = 0;
  for (let j = 0; j < nc; j++) usedCandidate[j] = 0;
  const plane = M * M;
  for (;;) {
    let best = min - 1e-9; // pairs at exactly `min` are aligned
    let bestCell = -1; // plane 0: single, 1: query merged, 2: candidate merged
    for (let i = 0; i < nq; i++) {
      if (usedQuery[i] === 1) continue;
      const queryPairFree = i + 1 < nq && usedQuery[i + 1] === 0;
      for (let j = 0; j < nc; j++) {
        if (usedCandidate[j] === 1) continue;
        const at = i * M + j;
        const s = single[at] ?? 0;
        if (s > best) {
          best = s;
          bestCell = at;
        }
        if (queryPairFree) {
          const m = mergedQuery[at] ?? 0;
          if (m > best) {
            best = m;
            bestCell = plane + at;
          }
        }
        if (j + 1 < nc && usedCandidate[j + 1] === 0) {
          const m = mergedCandidate[at] ?? 0;
          if (m > best) {
            best = m;
            bestCell = 2 * plane + at;
          }
        }
      }
    }
    if (bestCell < 0) return;
    const kind = Math.floor(bestCell / plane);
    const at = bestCell - kind * plane;
    const bi = Math.floor(at / M);
    const bj = at - bi * M;
    const qLen = kind === 1 ? 2 : 1;
    const cLen = kind === 2 ? 2 : 1;
    for (let k = 0; k < qLen; k++) usedQuery[bi + k] = 1;
    for (let k = 0; k < cLen; k++) usedCandidate[bj + k] = 1;
    record(bi, qLen, bj, cLen, best, kind === 0 ? (singleSignal[at] ?? 0) : MatchSignal.MERGED);
    if (ALIGNMENT.count === M) return;
  }
}

// Moves of the ordered alignment's dynamic programme.
const SKIP_QUERY = 1;
const SKIP_CANDIDATE = 2;
const PAIR = 3;
const QUERY_MERGED = 4;
const CANDIDATE_MERGED = 5;

/** Order-preserving: the monotone alignment with the largest total similarity (pairs below `min` don't count). */
function alignOrdered(nq: number, nc: number, min: number): void {
  const W = M + 1;
  for (let i = 0; i <= nq; i++) {
    for (let j = 0; j <= nc; j++) {
      let best = 0;
      let move = 0;
      if (i > 0) {
        best = dp[(i - 1) * W + j] ?? 0;
        move = SKIP_QUERY;
      }
      if (j > 0 && (move === 0 || (dp[i * W + j - 1] ?? 0) > best)) {
        best = dp[i * W + j - 1] ?? 0;
        move = SKIP_CANDIDATE;
      }
      if (i > 0 && j > 0) {
        const s = single[(i - 1) * M + j - 1] ?? 0;
        const v = (dp[(i - 1) * W + j - 1] ?? 0) + s;
        if (s >= min && v > best) {
          best = v;
          move = PAIR;
        }
      }
      if (i > 1 && j > 0) {
        const s = mergedQuery[(i - 2) * M + j - 1] ?? 0;
        const v = (dp[(i - 2) * W + j - 1] ?? 0) + 2 * s;
        if (s >= min && v > best) {
          best = v;
          move = QUERY_MERGED;
        }
      }
      if (i > 0 && j > 1) {
        const s = mergedCandidate[(i - 1) * M + j - 2] ?? 0;
        const v = (dp[(i - 1) * W + j - 2] ?? 0) + 2 * s;
        if (s >= min && v > best) {
          best = v;
          move = CANDIDATE_MERGED;
        }
      }
      dp[i * W + j] = best;
      dpMove[i * W + j] = move;
    }
  }
  // Walk back from the end, then reverse the recorded pairs into reading order.
  let i = nq;
  let j = nc;
  for (;;) {
    const move = dpMove[i * W + j];
    if (move === SKIP_QUERY) i -= 1;
    else if (move === SKIP_CANDIDATE) j -= 1;
    else if (move === PAIR) {
      record(i - 1, 1, j - 1, 1, single[(i - 1) * M + j - 1] ?? 0, singleSignal[(i - 1) * M + j - 1] ?? 0);
      i -= 1;
      j -= 1;
    } else if (move === QUERY_MERGED) {
      record(i - 2, 2, j - 1, 1, mergedQuery[(i - 2) * M + j - 1] ?? 0, MatchSignal.MERGED);
      i -= 2;
      j -= 1;
    } else if (move === CANDIDATE_MERGED) {
      record(i - 1, 1, j - 2, 2, mergedCandidate[(i - 1) * M + j - 2] ?? 0, MatchSignal.MERGED);
      i -= 1;
      j -= 2;
    } else break;
  }
  const n = ALIGNMENT.count;
  for (let a = 0, b = n - 1; a < b; a++, b--) {
    swap(ALIGNMENT.qStart, a, b);
    swap(ALIGNMENT.qLen, a, b);
    swap(ALIGNMENT.cStart, a, b);
    swap(ALIGNMENT.cLen, a, b);
    swap(ALIGNMENT.similarity, a, b);
    swap(ALIGNMENT.signal, a, b);
  }
}

function swap(array: Uint8Array | Float64Array, a: number, b: number): void {
  const t = array[a] ?? 0;
  array[a] = array[b] ?? 0;
  array[b] = t;
}

/**
 * Aligns the tokens of two prepared names one-to-one; the pairs are left in ALIGNMENT.
 * Pairs below `cfg.minPairSimilarity` are not aligned.
 *
 * @example alignNames(prepareName('Smith John', 'individual'), prepareName('John Smith', 'individual'), cfg) === 2
 */
export function alignNames(q: PreparedName, c: PreparedName, cfg: MatchConfig): number {
  ALIGNMENT.count = 0;
  const nq = tokenCount(q);
  const nc = tokenCount(c);
  if (nq === 0 || nc === 0) return 0;
  fillMatrices(q, c, cfg);
  if (cfg.nameTransposition) alignGreedy(nq, nc, cfg.minPairSimilarity);
  else alignOrdered(nq, nc, cfg.minPairSimilarity);
  return ALIGNMENT.count;
}
