/**
 * Step 7: one number for two names. The aligned pairs earn credit for their similarity, weighted by
 * how informative their tokens are; tokens left over on either side cost their weight — list-side
 * leftovers less than query-side ones (see MatchConfig.unmatchedCandidatePenalty).
 *
 *   score = Σ_pairs credit(sim) · (w_q + w_c) / (Σ_pairs (w_q + w_c) + βq · Σ_unmatched w_q + βc · Σ_unmatched w_c)
 *
 * Guards: a name made only of weak tokens (legal forms, particles, stopwords, initials) never
 * matches, and neither does a pair of names whose only aligned tokens are weak ("Acme Corp" / "Globex Corp").
 */
import { ALIGNMENT, alignNames } from './align.js';
import { credit } from './credit.js';
import { MERGE_SIGNATURE, mergeDirections, mergeSignature, scoreUpperBound } from './score-bound.js';
import type { MatchConfig } from './config.js';
import { MAX_TOKENS } from './tokenize.js';
import {
  MATCH_SIGNAL_NAMES,
  isInformativeClass,
  TOKEN_STRIDE,
  TokenClass,
  TokenField,
  tokenCount,
  type AlignedPair,
  type PreparedName,
  type TokenWeight,
} from './types.js';
// Module constants, not TokenField.X in the loops (types.ts says why).
const { CLASS, ID, WEIGHT } = TokenField;
const S = TOKEN_STRIDE;

const queryWeight = new Float64Array(MAX_TOKENS);
const candidateWeight = new Float64Array(MAX_TOKENS);
const queryUsed = new Uint8Array(MAX_TOKENS);
const candidateUsed = new Uint8Array(MAX_TOKENS);
/** scoreBounds' query mergeSignature, worked out once for all its names. */
const querySignature = new Int32Array(MERGE_SIGNATURE);

/** The result of comparing two names. `pairs` is built only when asked for (winners, not every candidate). */
export interface NameScore {
  /** 0 (unrelated) to 1 (EXACT). */
  readonly score: number;
  /** The normalized token multisets are equal. */
  readonly exact: boolean;
  readonly pairs: AlignedPair[] | undefined;
}

export interface ScoreOptions {
  /**
   * Informativeness per token id (0..1), multiplied into the default (length × class) weights. Names
   * prepared by a NameIndex already carry its IDF: pass nothing for them.
   */
  readonly tokenWeight?: TokenWeight | undefined;
  /** Build the explanation (`pairs`). */
  readonly explain?: boolean | undefined;
}

function fillWeights(name: BoundQuery, out: Float64Array, tokenWeight: TokenWeight | undefined): void {
  const n = tokenCount(name);
  for (let i = 0; i < n; i++) {
    // The frequency table refines the default (class × length) weight rather than replacing it: an
    // unknown two-letter abbreviation ("np", "gk") is rare but says little.
    const base = name.packed[i * S + WEIGHT]!;
    out[i] = tokenWeight === undefined ? base : base * tokenWeight(name.packed[i * S + ID]!);
  }
}

let lastDenominator = 1;

/**
 * EXACT: the normalized token multisets are equal (in the same order when transposition is off).
 *
 * @example namesEqual(prepareName('Smith John', 'any'), prepareName('JOHN SMITH', 'any'), cfg) === true
 */
export function namesEqual(q: PreparedName, c: PreparedName, cfg: MatchConfig): boolean {
  if (q.exactHash !== c.exactHash || q.exactKey !== c.exactKey) return false;
  if (cfg.nameTransposition) return true;
  for (let i = 0; i < q.tokens.length; i++) if (q.tokens[i] !== c.tokens[i]) return false;
  return true;
}

/**
 * The score only, with no explanation: the hot path. Leaves the alignment in ALIGNMENT.
 * With `atLeast`, a name that provably cannot score that much returns 0 without being aligned
 * (score-bound.ts): searches pass their floor.
 */
export function scoreNameValue(
  q: PreparedName,
  c: PreparedName,
  cfg: MatchConfig,
  tokenWeight?: TokenWeight,
  atLeast = 0,
): number {
  if (!q.informative || !c.informative) return 0;
  if (namesEqual(q, c, cfg)) {
    ALIGNMENT.count = 0;
    return 1;
  }
  fillWeights(q, queryWeight, tokenWeight);
  fillWeights(c, candidateWeight, tokenWeight);
  // The bound sums in another order: a hair of slack keeps a name that reaches the floor exactly.
  if (
    atLeast > 0 &&
    scoreUpperBound(q.packed, tokenCount(q), c.packed, 0, tokenCount(c), cfg, queryWeight, candidateWeight) <
      atLeast - 1e-9
  ) {
    ALIGNMENT.count = 0;
    return 0;
  }
  const pairs = alignNames(q, c, cfg);
  if (pairs === 0) return 0;
  const nq = tokenCount(q);
  const nc = tokenCount(c);
  for (let i = 0; i < nq; i++) queryUsed[i] = 0;
  for (let j = 0; j < nc; j++) candidateUsed[j] = 0;
  let earned = 0;
  let total = 0;
  let strongMatch = false;
  for (let p = 0; p < pairs; p++) {
    const qs = ALIGNMENT.qStart[p] ?? 0;
    const cs = ALIGNMENT.cStart[p] ?? 0;
    const qe = qs + (ALIGNMENT.qLen[p] ?? 1);
    const ce = cs + (ALIGNMENT.cLen[p] ?? 1);
    const pairCredit = credit(ALIGNMENT.similarity[p] ?? 0, cfg.pairSimilarityFloor);
    let weight = 0;
    for (let i = qs; i < qe; i++) {
      weight += queryWeight[i] ?? 0;
      queryUsed[i] = 1;
      if (pairCredit > 0 && isInformativeClass(q.classes[i] ?? 0)) strongMatch = true;
    }
    for (let j = cs; j < ce; j++) {
      weight += candidateWeight[j] ?? 0;
      candidateUsed[j] = 1;
    }
    earned += pairCredit * weight;
    total += weight;
  }
  if (!strongMatch) return 0;
  for (let i = 0; i < nq; i++)
    if (queryUsed[i] === 0) total += cfg.unmatchedQueryPenalty * (queryWeight[i] ?? 0);
  for (let j = 0; j < nc; j++) {
    if (candidateUsed[j] === 1) continue;
    // A syllable of a Chinese or Korean name missing from the query makes another name (Wang Ying is
    // not Wang Guo Ying); the score bound, which charges every list leftover the lower rate, still holds.
    const syllable = c.packed[j * S + CLASS] === TokenClass.SYLLABLE;
    const penalty = syllable ? cfg.unmatchedSyllablePenalty : cfg.unmatchedCandidatePenalty;
    total += penalty * (candidateWeight[j] ?? 0);
  }
  lastDenominator = total;
  return total > 0 ? earned / total : 0;
}

/** What the score bound reads of a query: its packed numbers (a PreparedName is one). */
export type BoundQuery = Pick<PreparedName, 'packed' | 'exactHash' | 'informative'>;

/** How far below a needed score a bound must be to rule a name out: scores are sums of doubles. */
export const BOUND_SLACK = 1e-9;

/**
 * The list names a bound reads: their packed numbers one after another (weights final), and per name
 * n, at n · NAME_STRIDE of `table`, where they start, its token count (0 for a name whose tokens are
 * all weak: only the others can score above 0), its exact-key hash (as int32) and its mergeSignature.
 * They share a cache line: a candidate costs one miss there instead of one per array.
 */
export interface BoundNames {
  readonly arena: Float64Array;
  readonly table: Int32Array;
}
export const NAME_STRIDE = 8;
export const NAME_START = 0;
export const NAME_TOKENS = 1;
export const NAME_EXACT = 2;
export const NAME_MERGES = 3;

/**
 * Into `out[k]`, the highest score the list name `names[k]` could get against `q`: 1 for the exact
 * name, 0 for a name or a query that is not informative. A search need not touch a name whose bound
 * is below what it needs (less BOUND_SLACK). `tokenWeight` refines the query's weights as in
 * scoreNameValue, once for all the names (measured: 3 % of a batch row's screening when they were
 * filled per name).
 */
export function scoreBounds(
  q: BoundQuery,
  listed: BoundNames,
  names: ArrayLike<number>,
  cfg: MatchConfig,
  tokenWeight: TokenWeight | undefined,
  out: Float64Array,
): void {
  if (!q.informative) {
    out.fill(0, 0, names.length);
    return;
  }
  const { arena, table } = listed;
  fillWeights(q, queryWeight, tokenWeight);
  const nq = tokenCount(q);
  const exact = q.exactHash | 0;
  mergeSignature(q.packed, 0, nq, querySignature, 0);
  for (let k = 0; k < names.length; k++) {
    const at = names[k]! * NAME_STRIDE;
    const count = table[at + NAME_TOKENS]!;
    if (count === 0) {
      out[k] = 0;
      continue;
    }
    if (table[at + NAME_EXACT] === exact) {
      out[k] = 1;
      continue;
    }
    const base = table[at + NAME_START]!;
    for (let j = 0; j < count; j++) candidateWeight[j] = arena[base + j * S + WEIGHT]!;
    const merges = mergeDirections(querySignature, 0, table, at + NAME_MERGES);
    out[k] = scoreUpperBound(q.packed, nq, arena, base, count, cfg, queryWeight, candidateWeight, merges);
  }
}

function tokensOf(name: PreparedName, start: number, length: number): string {
  return length === 1 ? (name.tokens[start] ?? '') : name.tokens.slice(start, start + length).join(' ');
}

function explain(q: PreparedName, c: PreparedName): AlignedPair[] {
  const pairs: AlignedPair[] = [];
  for (let p = 0; p < ALIGNMENT.count; p++) {
    const qs = ALIGNMENT.qStart[p] ?? 0;
    const cs = ALIGNMENT.cStart[p] ?? 0;
    const ql = ALIGNMENT.qLen[p] ?? 1;
    const cl = ALIGNMENT.cLen[p] ?? 1;
    let weight = 0;
    for (let i = qs; i < qs + ql; i++) weight += queryWeight[i] ?? 0;
    for (let j = cs; j < cs + cl; j++) weight += candidateWeight[j] ?? 0;
    pairs.push({
      query: tokensOf(q, qs, ql),
      candidate: tokensOf(c, cs, cl),
      signal: MATCH_SIGNAL_NAMES[ALIGNMENT.signal[p] ?? 0] ?? 'exact',
      similarity: ALIGNMENT.similarity[p] ?? 0,
      weight: lastDenominator > 0 ? weight / lastDenominator : 0,
    });
  }
  return pairs;
}

function explainExact(q: PreparedName): AlignedPair[] {
  const share = 1 / Math.max(1, q.tokens.length);
  return q.tokens.map((token) => ({
    query: token,
    candidate: token,
    signal: 'exact',
    similarity: 1,
    weight: share,
  }));
}

/**
 * The explanation of the scoreNameValue call that just returned `score` for these two names (its
 * alignment is still in ALIGNMENT): a search explains the names it keeps without aligning them again.
 */
export function explainLastScore(
  q: PreparedName,
  c: PreparedName,
  score: number,
  exact: boolean,
): AlignedPair[] {
  return exact ? explainExact(q) : score > 0 ? explain(q, c) : [];
}

/**
 * Scores a query name against a list name, with an explanation of the aligned tokens when asked.
 *
 * @example scoreNames(prepareName('Nicolas Maduro', 'individual'), prepareName('MADURO MOROS, Nicolas', 'individual'), cfg).score ≈ 0.9
 */
export function scoreNames(
  q: PreparedName,
  c: PreparedName,
  cfg: MatchConfig,
  options: ScoreOptions = {},
): NameScore {
  const score = scoreNameValue(q, c, cfg, options.tokenWeight);
  const exact = score === 1 && namesEqual(q, c, cfg);
  let pairs: AlignedPair[] | undefined;
  if (options.explain === true) pairs = explainLastScore(q, c, score, exact);
  return { score, exact, pairs };
}
