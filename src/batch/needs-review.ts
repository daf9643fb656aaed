/**
 * The matches the report puts first, under "Needs review": MEDIUM and WEAK, the ambiguous ones a
 * person must look at (a typical run's strongest matches are all EXACT 1.000 and say little). A
 * portfolio may have a million rows, so only a bounded sample is kept: per strength and list, its
 * REVIEW_SAMPLE strongest matches, ties broken by portfolio row and then entity id, so the sample does
 * not depend on the order chunks come back in. The output holds every match; the report says how
 * many it leaves out.
 */
import type { MatchStrength } from '../model/risk.js';
import type { TopMatch } from './batch-stats.js';
import { entryOf } from './counts-by-key.js';

/** A match kept for review, with its 1-based portfolio row. */
export interface ReviewMatch extends TopMatch {
  readonly row: number;
}

export const REVIEW_STRENGTHS = ['MEDIUM', 'WEAK'] as const satisfies readonly MatchStrength[];
export type ReviewStrength = (typeof REVIEW_STRENGTHS)[number];

/**
 * Per strength and list, the strongest REVIEW_SAMPLE matches in review order. 200 each: a page a
 * person can go through, and beyond it the output is the place to work from. Full on five lists
 * (2,000 matches of three aligned tokens each), the stats' JSON measured 1.3 MB and 11 ms to
 * stringify, once per checkpoint (every 2 s at most).
 */
export const REVIEW_SAMPLE = 200;

export type NeedsReview = Record<ReviewStrength, Record<string, ReviewMatch[]>>;

export const emptyNeedsReview = (): NeedsReview => ({ MEDIUM: {}, WEAK: {} });

export const isReviewStrength = (strength: MatchStrength): strength is ReviewStrength =>
  strength === 'MEDIUM' || strength === 'WEAK';

/** Review order: higher score first, then lower row, then entity id. Negative when `a` comes first. */
export function compareForReview(a: ReviewMatch, b: ReviewMatch): number {
  if (a.match.score !== b.match.score) return b.match.score - a.match.score;
  if (a.row !== b.row) return a.row - b.row;
  return a.match.entity_id < b.match.entity_id ? -1 : a.match.entity_id > b.match.entity_id ? 1 : 0;
}

/** Inserts `candidate` in its bucket when it is among the bucket's REVIEW_SAMPLE first. */
export function offerForReview(sample: NeedsReview, strength: ReviewStrength, candidate: ReviewMatch): void {
  const bucket = entryOf(sample[strength], candidate.match.list, (): ReviewMatch[] => []);
  if (bucket.length >= REVIEW_SAMPLE && compareForReview(candidate, bucket[bucket.length - 1]!) >= 0) return;
  let lo = 0;
  let hi = bucket.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareForReview(bucket[mid]!, candidate) <= 0) lo = mid + 1;
    else hi = mid;
  }
  bucket.splice(lo, 0, candidate);
  if (bucket.length > REVIEW_SAMPLE) bucket.pop();
}

/** Folds `more` into `into`; `more` may lack strengths (stats of an older checkpoint). */
export function mergeNeedsReview(into: NeedsReview, more: Partial<NeedsReview> | undefined): void {
  for (const strength of REVIEW_STRENGTHS) {
    for (const bucket of Object.values(more?.[strength] ?? {})) {
      for (const candidate of bucket) offerForReview(into, strength, candidate);
    }
  }
}

/** Every kept match, grouped by list (lists by name), in review order within each list. */
export function reviewRows(sample: NeedsReview): ReviewMatch[] {
  const lists = [...new Set(REVIEW_STRENGTHS.flatMap((s) => Object.keys(sample[s])))].sort();
  return lists.flatMap((list) =>
    REVIEW_STRENGTHS.flatMap((s) => (Object.hasOwn(sample[s], list) ? sample[s][list]! : [])).sort(
      compareForReview,
    ),
  );
}
