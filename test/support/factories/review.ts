/** Review fixtures (issue #30): a run's found match, and a batch hit. */
import type { BatchHit } from '../../../src/model/batch-hit.js';
import type { ReviewDecision } from '../../../src/model/review-decision.js';
import type { FoundMatch } from '../../../src/review/index.js';

const AT = Date.parse('2026-05-01T10:00:00Z');

export function aFoundMatch(overrides: Partial<FoundMatch> = {}): FoundMatch {
  return {
    participant: 'PORTFOLIO_ROW',
    customer_external_id: 'c-1',
    query_name: 'Quillon Vexbridge Ormathwaite',
    relation: 'natural_person',
    list: 'watch',
    entity_id: 'W-1',
    listed_name: 'Quillon Vexbridge Ormathwaite',
    strength: 'EXACT',
    score: 1,
    categories: ['Sanctions'],
    programs: [],
    list_version: 'watch@1',
    secondary_fields: [],
    explanation: null,
    suppressed_by: null,
    content_hash: 'hash-1',
    ...overrides,
  };
}

/** An open batch hit of customer c-1 with one match (W-1) queued at AT. */
export function aBatchHit(overrides: Partial<BatchHit> = {}): BatchHit {
  return {
    id: 'bh_1',
    customer_external_id: 'c-1',
    name: 'Quillon Vexbridge Ormathwaite',
    status: 'OPEN',
    run: { out: '/runs/night.jsonl', portfolio: 'portfolio.csv', at: AT },
    opened_at: AT,
    updated_at: AT,
    matches: [{ ...aFoundMatch(), queued_at: AT }],
    decided: [],
    ...overrides,
  };
}

/** A decision on batch hit bh_1, decided by ana one second after AT. */
export function aBatchHitDecision(overrides: Partial<ReviewDecision> = {}): ReviewDecision {
  return {
    id: 'rvd_1',
    kind: 'BATCH_HIT',
    subject: 'bh_1',
    outcome: 'FALSE_POSITIVE',
    state: 'CLEARED',
    reason: 'Another person.',
    suppress: false,
    status: 'PENDING_APPROVAL',
    needs_approval: ['RELEASE'],
    decided_by: 'ana',
    decided_at: AT + 1_000,
    approved_by: null,
    approved_at: null,
    rejected_by: null,
    rejected_at: null,
    rejection_reason: null,
    suppressions: [],
    ...overrides,
  };
}
