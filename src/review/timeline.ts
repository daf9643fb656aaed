/**
 * An item's timeline (model/review-item.ts): the state changes its record keeps — a transaction's
 * history, an onboarding's status history — merged with the review decisions on it, oldest first.
 */
import type { BatchHit } from '../model/batch-hit.js';
import type { OnboardingRecord } from '../model/onboarding.js';
import type { ReviewDecision } from '../model/review-decision.js';
import type { TimelineEvent } from '../model/review-item.js';
import type { StoredTransaction } from '../transactions/index.js';

/** Who moved a transaction: the reviewers for an operator's change made through the desk. */
function transactionActor(change: StoredTransaction['history'][number]): string {
  if (change.decided_by === undefined) return change.by === 'OPERATOR' ? 'client' : 'warden';
  return change.approved_by ? `${change.decided_by}, approved by ${change.approved_by}` : change.decided_by;
}

function transactionEvents(stored: StoredTransaction): TimelineEvent[] {
  return stored.history.map((change) => ({
    at: change.at,
    event: change.from === null ? 'CREATED' : 'STATE_CHANGED',
    by: transactionActor(change),
    state: change.to,
    // The analysis's reason belongs to the change the analysis made: out of PROGRESS.
    text:
      change.reasons_rejection_operator ??
      (change.from === 'PROGRESS' ? stored.report.transaction.reasons_rejection_analysis : null),
    decision_id: null,
  }));
}

function onboardingEvents(record: OnboardingRecord): TimelineEvent[] {
  return record.status_history.map((change) => ({
    at: Date.parse(change.at),
    event: change.from === null ? 'CREATED' : 'STATE_CHANGED',
    by: change.by,
    state: change.to,
    text: change.reason,
    decision_id: null,
  }));
}

function decisionEvents(d: ReviewDecision): TimelineEvent[] {
  const events: TimelineEvent[] = [
    {
      at: d.decided_at,
      event: 'DECIDED',
      by: d.decided_by,
      state: d.state,
      text: `${d.outcome}${d.suppress ? ', suppress' : ''}: ${d.reason}`,
      decision_id: d.id,
    },
  ];
  if (d.approved_at !== null) {
    events.push({
      at: d.approved_at,
      event: 'APPROVED',
      by: d.approved_by,
      state: d.state,
      text: null,
      decision_id: d.id,
    });
  }
  if (d.rejected_at !== null) {
    events.push({
      at: d.rejected_at,
      event: 'REJECTED',
      by: d.rejected_by,
      state: null,
      text: d.rejection_reason,
      decision_id: d.id,
    });
  }
  return events;
}

/**
 * Within one millisecond (a frozen clock, a decision applied at once), the story's own order: the
 * item and its analysis, then the decision and its approval, then the change the decision made.
 */
function rankOf(event: TimelineEvent): number {
  if (event.event === 'CREATED') return 0;
  if (event.event === 'STATE_CHANGED') return event.by === 'warden' ? 1 : 4;
  return event.event === 'DECIDED' ? 2 : 3;
}

/** A batch hit keeps when a run last opened it; its decisions tell the rest. */
function batchHitEvents(hit: BatchHit): TimelineEvent[] {
  return [
    {
      at: hit.opened_at,
      event: 'CREATED',
      by: 'warden',
      state: 'OPEN',
      text: `Queued by the batch run writing ${hit.run.out}`,
      decision_id: null,
    },
  ];
}

export function timelineOf(
  item:
    | { readonly transaction: StoredTransaction }
    | { readonly onboarding: OnboardingRecord }
    | { readonly batchHit: BatchHit },
  decisions: readonly ReviewDecision[],
): TimelineEvent[] {
  const own =
    'transaction' in item
      ? transactionEvents(item.transaction)
      : 'onboarding' in item
        ? onboardingEvents(item.onboarding)
        : batchHitEvents(item.batchHit);
  return [...own, ...decisions.flatMap(decisionEvents)].sort((a, b) => a.at - b.at || rankOf(a) - rankOf(b));
}
