import { describe, expect, it } from 'vitest';
import {
  emptyNeedsReview,
  mergeNeedsReview,
  offerForReview,
  REVIEW_SAMPLE,
  reviewRows,
  type ReviewMatch,
} from '../../src/batch/needs-review.js';
import { aBatchMatch } from '../support/factories.js';

const aReviewMatch = (row: number, score: number, list = 'ofac-sdn', entity_id = 'E-1'): ReviewMatch => ({
  external_id: `c-${row}`,
  query: `name ${row}`,
  row,
  match: aBatchMatch({ list, entity_id, score, strength: score >= 0.76 ? 'MEDIUM' : 'WEAK' }),
});

const keys = (matches: readonly ReviewMatch[]) =>
  matches.map((m) => `${m.match.list} ${m.row} ${m.match.entity_id}`);

describe('the needs-review sample', () => {
  it(`keeps each list's ${REVIEW_SAMPLE} strongest, ties by row, then entity id`, () => {
    const sample = emptyNeedsReview();
    // Scores cycle, so many rows tie; offered from the last row to the first.
    for (let row = 1000; row >= 1; row--)
      offerForReview(sample, 'MEDIUM', aReviewMatch(row, (80 + (row % 5)) / 100));
    offerForReview(sample, 'MEDIUM', aReviewMatch(4, 0.84, 'ofac-sdn', 'E-0'));
    const kept = sample.MEDIUM['ofac-sdn']!;
    expect(kept).toHaveLength(REVIEW_SAMPLE);
    // score 0.84 is row % 5 === 4: rows 4, 9, 14, …; E-0 comes before E-1 on row 4.
    expect(keys(kept.slice(0, 3))).toEqual(['ofac-sdn 4 E-0', 'ofac-sdn 4 E-1', 'ofac-sdn 9 E-1']);
    expect(kept.every((m) => m.match.score === 0.84)).toBe(true);
    expect(kept.at(-1)!.row).toBe(4 + 5 * (REVIEW_SAMPLE - 2));
  });

  it('does not depend on the order chunks are merged in', () => {
    const chunk = (first: number) => {
      const sample = emptyNeedsReview();
      for (let row = first; row < first + 300; row++) {
        offerForReview(
          sample,
          row % 3 ? 'MEDIUM' : 'WEAK',
          aReviewMatch(row, row % 3 ? 0.78 : 0.7, row % 2 ? 'un' : 'uk'),
        );
      }
      return sample;
    };
    const forwards = emptyNeedsReview();
    for (const first of [0, 300, 600]) mergeNeedsReview(forwards, chunk(first));
    const backwards = emptyNeedsReview();
    for (const first of [600, 300, 0]) mergeNeedsReview(backwards, chunk(first));
    expect(keys(reviewRows(backwards))).toEqual(keys(reviewRows(forwards)));
    expect(forwards.MEDIUM.un).toHaveLength(REVIEW_SAMPLE);
    expect(forwards.WEAK.uk).toHaveLength(150);
  });

  it('lists rows grouped by list, by name, MEDIUM before WEAK within each, strongest first', () => {
    const sample = emptyNeedsReview();
    offerForReview(sample, 'WEAK', aReviewMatch(1, 0.7, 'un'));
    offerForReview(sample, 'MEDIUM', aReviewMatch(2, 0.8, 'un'));
    offerForReview(sample, 'MEDIUM', aReviewMatch(3, 0.85, 'ofac-sdn'));
    offerForReview(sample, 'WEAK', aReviewMatch(4, 0.74, 'ofac-sdn'));
    offerForReview(sample, 'MEDIUM', aReviewMatch(5, 0.77, 'un'));
    expect(keys(reviewRows(sample))).toEqual([
      'ofac-sdn 3 E-1',
      'ofac-sdn 4 E-1',
      'un 2 E-1',
      'un 5 E-1',
      'un 1 E-1',
    ]);
  });

  it('keeps a list named like an Object.prototype property as a list of its own', () => {
    const sample = emptyNeedsReview();
    offerForReview(sample, 'MEDIUM', aReviewMatch(1, 0.8, '__proto__'));
    offerForReview(sample, 'MEDIUM', aReviewMatch(2, 0.8, 'constructor'));
    expect(Object.getPrototypeOf(sample.MEDIUM)).toBe(Object.prototype);
    expect(keys(reviewRows(JSON.parse(JSON.stringify(sample))))).toEqual([
      '__proto__ 1 E-1',
      'constructor 2 E-1',
    ]);
  });

  it('merges stats of a checkpoint written before the sample was kept', () => {
    const into = emptyNeedsReview();
    mergeNeedsReview(into, undefined);
    expect(reviewRows(into)).toEqual([]);
  });
});
