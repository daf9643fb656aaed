import { describe, expect, it } from 'vitest';
import type { ReviewDecision } from '../../src/model/review-decision.js';
import { suppressionsOfDecision } from '../../src/review/index.js';
import type { ParticipantAudit, StoredTransaction } from '../../src/transactions/index.js';

const match = (list: string, entity_id: string) => ({
  list,
  entity_id,
  name: 'Listed',
  strength: 'MEDIUM' as const,
  score: 0.8,
  categories: ['Sanctions'],
});
const participant = (external_id: string, matches: ReturnType<typeof match>[][]): ParticipantAudit => ({
  external_id,
  entity_type: 'PERSON',
  risk_level: 'MEDIUM',
  subjects: matches.map((m, i) => ({
    relation: 'natural_person',
    name: `name ${i}`,
    external_id: null,
    screening_id: `scr_${i}`,
    risk_level: 'MEDIUM',
    matches: m,
    blacklist: [],
  })),
  wallets: [],
});
const stored = (remitter: ParticipantAudit, beneficiary: ParticipantAudit) =>
  ({ audit: { remitter, beneficiary } }) as unknown as StoredTransaction;
const decision = (suppress: boolean) => ({ id: 'rvd_1', suppress, decided_by: 'ana' }) as ReviewDecision;

let n = 0;
const deps = {
  entityState: (list: string, id: string) =>
    id === 'GONE' ? undefined : { name: `${list}:${id}`, contentHash: `h-${id}`, listVersion: `${list}@2` },
  newId: () => `sup_${++n}`,
  now: 1,
};

describe('suppressionsOfDecision', () => {
  it('makes one per customer and listed entity, skipping entities no longer listed', () => {
    const made = suppressionsOfDecision(
      stored(
        participant('cust-1', [[match('house', 'H-1'), match('house', 'GONE')], [match('house', 'H-1')]]),
        participant('bene-1', [[match('house', 'H-1')]]),
      ),
      decision(true),
      'pablo',
      deps,
    );
    expect(made.map((s) => [s.customer_external_id, s.entity_id, s.content_hash, s.approved_by])).toEqual([
      ['cust-1', 'H-1', 'h-H-1', 'pablo'],
      ['bene-1', 'H-1', 'h-H-1', 'pablo'],
    ]);
  });

  it('makes none without suppress', () => {
    const audit = participant('cust-1', [[match('house', 'H-1')]]);
    expect(suppressionsOfDecision(stored(audit, audit), decision(false), 'pablo', deps)).toEqual([]);
  });
});
