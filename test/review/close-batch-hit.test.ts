/** An applied decision closes the matches of a batch hit that were queued when it was made. */
import { describe, expect, it } from 'vitest';
import { closeBatchHit } from '../../src/review/index.js';
import { aBatchHit, aBatchHitDecision, aFoundMatch } from '../support/factories.js';

const AT = Date.parse('2026-05-01T10:00:00Z');
const APPLIED_AT = AT + 60_000;

describe('closeBatchHit', () => {
  it.each([
    ['FALSE_POSITIVE', 'CLEARED'],
    ['TRUE_MATCH', 'CONFIRMED'],
  ] as const)(
    'a %s decision leaves the hit %s, its pairs decided on their content hash',
    (outcome, state) => {
      const { hit, closed } = closeBatchHit(aBatchHit(), aBatchHitDecision({ outcome, state }), APPLIED_AT);
      expect(closed.map((m) => m.entity_id)).toEqual(['W-1']);
      expect(hit).toMatchObject({ status: state, matches: [], updated_at: APPLIED_AT });
      expect(hit.decided).toEqual([
        {
          list: 'watch',
          entity_id: 'W-1',
          content_hash: 'hash-1',
          decision_id: 'rvd_1',
          outcome,
          decided_at: APPLIED_AT,
        },
      ]);
    },
  );

  it('keeps open the matches a run queued while the decision waited for its approver', () => {
    const later = { ...aFoundMatch({ entity_id: 'W-2' }), queued_at: AT + 30_000 };
    const open = aBatchHit();
    const { hit, closed } = closeBatchHit(
      { ...open, matches: [...open.matches, later] },
      aBatchHitDecision(),
      APPLIED_AT,
    );
    expect(closed.map((m) => m.entity_id)).toEqual(['W-1']);
    expect(hit.status).toBe('OPEN');
    expect(hit.matches.map((m) => m.entity_id)).toEqual(['W-2']);
  });

  it('replaces an earlier decision on the same pair', () => {
    const earlier = {
      list: 'watch',
      entity_id: 'W-1',
      content_hash: 'hash-0',
      decision_id: 'rvd_0',
      outcome: 'TRUE_MATCH' as const,
      decided_at: AT - 1,
    };
    const { hit } = closeBatchHit(aBatchHit({ decided: [earlier] }), aBatchHitDecision(), APPLIED_AT);
    expect(hit.decided.map((d) => d.decision_id)).toEqual(['rvd_1']);
  });
});
