/** What a batch run adds to a customer's batch hit: only matches new to it (issue #30). */
import { describe, expect, it } from 'vitest';
import type { BatchHit } from '../../src/model/batch-hit.js';
import { queueBatchHit, type FoundMatch, type FoundRow, type QueueContext } from '../../src/review/index.js';
import { aFoundMatch } from '../support/factories.js';

const T0 = Date.parse('2026-05-01T10:00:00Z');

const rowOf = (...matches: FoundMatch[]): FoundRow => ({
  external_id: 'c-1',
  name: 'Quillon Vexbridge Ormathwaite',
  matches,
});

function ctx(now: number, revoked: string[] = []): QueueContext {
  return {
    run: { out: '/runs/night.jsonl', portfolio: 'portfolio.csv', at: now },
    now,
    newId: () => 'bh_1',
    revoked: (decision) => revoked.includes(decision),
  };
}

/** The hit after one run queued W-1, and a decision closed it on hash-1. */
function aClosedHit(outcome: 'FALSE_POSITIVE' | 'TRUE_MATCH' = 'FALSE_POSITIVE'): BatchHit {
  const opened = queueBatchHit(undefined, rowOf(aFoundMatch()), ctx(T0))!.hit;
  return {
    ...opened,
    status: outcome === 'FALSE_POSITIVE' ? 'CLEARED' : 'CONFIRMED',
    matches: [],
    decided: [
      {
        list: 'watch',
        entity_id: 'W-1',
        content_hash: 'hash-1',
        decision_id: 'rvd_1',
        outcome,
        decided_at: T0 + 5,
      },
    ],
  };
}

describe('queueBatchHit', () => {
  it('opens a hit for a customer no run queued before, each pair once', () => {
    const queued = queueBatchHit(
      undefined,
      rowOf(aFoundMatch(), aFoundMatch(), aFoundMatch({ entity_id: 'W-2' })),
      ctx(T0),
    );
    expect(queued?.added).toBe(2);
    expect(queued?.hit).toMatchObject({
      id: 'bh_1',
      customer_external_id: 'c-1',
      status: 'OPEN',
      opened_at: T0,
      run: { out: '/runs/night.jsonl' },
      decided: [],
    });
    expect(queued?.hit.matches.map((m) => [m.entity_id, m.queued_at])).toEqual([
      ['W-1', T0],
      ['W-2', T0],
    ]);
  });

  it('extends an open hit with new pairs only, and queues nothing when every pair is open already', () => {
    const open = queueBatchHit(undefined, rowOf(aFoundMatch()), ctx(T0))!.hit;
    expect(queueBatchHit(open, rowOf(aFoundMatch({ score: 0.97 })), ctx(T0 + 10))).toBeNull();
    const extended = queueBatchHit(
      open,
      rowOf(aFoundMatch(), aFoundMatch({ entity_id: 'W-2' })),
      ctx(T0 + 10),
    );
    expect(extended?.added).toBe(1);
    expect(extended?.hit).toMatchObject({ id: 'bh_1', opened_at: T0, updated_at: T0 + 10 });
    expect(extended?.hit.matches.map((m) => [m.entity_id, m.queued_at])).toEqual([
      ['W-1', T0],
      ['W-2', T0 + 10],
    ]);
  });

  it.each(['FALSE_POSITIVE', 'TRUE_MATCH'] as const)(
    'leaves a pair a %s decision closed alone while the entity is unchanged',
    (outcome) => {
      expect(queueBatchHit(aClosedHit(outcome), rowOf(aFoundMatch()), ctx(T0 + 10))).toBeNull();
    },
  );

  it('re-opens the hit for a decided pair once its entity changed, keeping what was decided', () => {
    const queued = queueBatchHit(aClosedHit(), rowOf(aFoundMatch({ content_hash: 'hash-2' })), ctx(T0 + 10));
    expect(queued?.hit).toMatchObject({ id: 'bh_1', status: 'OPEN', opened_at: T0 + 10 });
    expect(queued?.hit.matches.map((m) => m.content_hash)).toEqual(['hash-2']);
    expect(queued?.hit.decided.map((d) => d.decision_id)).toEqual(['rvd_1']);
  });

  it('re-opens it for a pair whose suppression an approver revoked', () => {
    expect(queueBatchHit(aClosedHit(), rowOf(aFoundMatch()), ctx(T0 + 10, ['rvd_1']))?.added).toBe(1);
  });

  it('opens it for another entity of a decided customer', () => {
    expect(queueBatchHit(aClosedHit(), rowOf(aFoundMatch({ entity_id: 'W-2' })), ctx(T0 + 10))?.added).toBe(
      1,
    );
  });
});
