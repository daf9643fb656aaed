/**
 * An upper bound on scoreNameValue from the packed numbers alone, so a search can drop a candidate
 * that cannot reach its floor before aligning it (most candidates of an unlisted name share only a
 * common first name with it).
 *
 * Per token, the most similar any partner could be — 1 for equal ids or a pair the spelling gates
 * let through, the phonetic or initial similarity where that is all that is left, the merged factor
 * where two neighbours could be written as one — decides whether the token can be aligned at all
 * (≥ minPairSimilarity). Then, as in score.ts, every alignable token earns its full weight and every
 * other token costs its unmatched penalty: no alignment can score more.
 */
import type { MatchConfig } from './config.js';
import { mergeable, spellingVariantsPossible } from './token-similarity.js';
import { MAX_TOKENS } from './tokenize.js';
import { TOKEN_STRIDE as S, TokenClass, TokenField, tokenCount, type PreparedName } from './types.js';

const queryAlignable = new Uint8Array(MAX_TOKENS);
const candidateAlignable = new Uint8Array(MAX_TOKENS);

/** The most similar two single tokens could be (token-similarity.ts, with 1 wherever it would compute). */
function pairBound(q: Float64Array, qi: number, c: Float64Array, cj: number, cfg: MatchConfig): number {
  const qId = q[qi + TokenField.ID]!;
  if (qId >= 0 && qId === c[cj + TokenField.ID]) return 1;
  const ql = q[qi + TokenField.LENGTH]!;
  const cl = c[cj + TokenField.LENGTH]!;
  if (ql === 1 || cl === 1) {
    return ql !== cl && q[qi + TokenField.INITIAL] === c[cj + TokenField.INITIAL] ? cfg.initialSimilarity : 0;
  }
  if (q[qi + TokenField.STEMMED] === 1 || c[cj + TokenField.STEMMED] === 1) return 1;
  if (spellingVariantsPossible(ql, q[qi + TokenField.LETTERS]!, cl, c[cj + TokenField.LETTERS]!)) return 1;
  const phonetic = q[qi + TokenField.PHONETIC]!;
  return phonetic >= 0 && phonetic === c[cj + TokenField.PHONETIC] ? cfg.phoneticSimilarity : 0;
}

/**
 * The highest score the two names could get; `queryWeight` / `candidateWeight` are the token weights
 * score.ts filled. Exact names are the caller's business (they score 1).
 */
export function scoreUpperBound(
  q: PreparedName,
  c: PreparedName,
  cfg: MatchConfig,
  queryWeight: Float64Array,
  candidateWeight: Float64Array,
): number {
  const nq = tokenCount(q);
  const nc = tokenCount(c);
  const qp = q.packed;
  const cp = c.packed;
  const min = cfg.minPairSimilarity;
  for (let i = 0; i < nq; i++) queryAlignable[i] = 0;
  for (let j = 0; j < nc; j++) candidateAlignable[j] = 0;
  for (let i = 0; i < nq; i++) {
    for (let j = 0; j < nc; j++) {
      if (queryAlignable[i] === 1 && candidateAlignable[j] === 1) continue;
      if (pairBound(qp, i * S, cp, j * S, cfg) >= min) {
        queryAlignable[i] = 1;
        candidateAlignable[j] = 1;
      }
    }
  }
  if (cfg.mergedSimilarity >= min) {
    for (let k = 0; k + 1 < nq; k++) {
      const length = qp[k * S + TokenField.LENGTH]! + qp[(k + 1) * S + TokenField.LENGTH]!;
      for (let j = 0; j < nc; j++) {
        if (
          mergeable(
            length,
            qp[k * S + TokenField.INITIAL]!,
            cp[j * S + TokenField.LENGTH]!,
            cp[j * S + TokenField.INITIAL]!,
          )
        ) {
          queryAlignable[k] = queryAlignable[k + 1] = candidateAlignable[j] = 1;
        }
      }
    }
    for (let k = 0; k + 1 < nc; k++) {
      const length = cp[k * S + TokenField.LENGTH]! + cp[(k + 1) * S + TokenField.LENGTH]!;
      for (let i = 0; i < nq; i++) {
        if (
          mergeable(
            length,
            cp[k * S + TokenField.INITIAL]!,
            qp[i * S + TokenField.LENGTH]!,
            qp[i * S + TokenField.INITIAL]!,
          )
        ) {
          candidateAlignable[k] = candidateAlignable[k + 1] = queryAlignable[i] = 1;
        }
      }
    }
  }
  let earned = 0;
  let total = 0;
  let strong = false;
  for (let i = 0; i < nq; i++) {
    const w = queryWeight[i]!;
    if (queryAlignable[i] === 1) {
      earned += w;
      total += w;
      const cls = qp[i * S + TokenField.CLASS];
      if (cls === TokenClass.NORMAL || cls === TokenClass.GENERIC) strong = true;
    } else total += cfg.unmatchedQueryPenalty * w;
  }
  if (!strong) return 0;
  for (let j = 0; j < nc; j++) {
    const w = candidateWeight[j]!;
    if (candidateAlignable[j] === 1) {
      earned += w;
      total += w;
    } else total += cfg.unmatchedCandidatePenalty * w;
  }
  return total > 0 ? earned / total : 0;
}
