/**
 * The suppressions an applied FALSE_POSITIVE with `suppress` creates: one per pair of customer and
 * listed entity the decided item matched — each participant of a transaction (its external_id) and
 * entity its names matched, as the audit trail holds them, or a batch hit's portfolio row and the
 * entities of the matches the decision closed.
 */
import type { ReviewDecision } from '../model/review-decision.js';
import type { Suppression } from '../model/suppression.js';
import type { StoredTransaction } from '../transactions/index.js';
import type { ListedEntityLookup } from './suppressions.js';

/** A customer of the client and a listed entity one of its screenings matched. */
export interface MatchedPair {
  readonly customer: string;
  readonly list: string;
  readonly entity_id: string;
}

export interface SuppressionDeps {
  readonly entityState: ListedEntityLookup;
  readonly newId: () => string;
  readonly now: number;
}

/** The suppressions of `pairs` (each pair once) when the decision suppresses; else none. */
export function suppressionsOfPairs(
  pairs: Iterable<MatchedPair>,
  decision: ReviewDecision,
  approvedBy: string | null,
  deps: SuppressionDeps,
): Suppression[] {
  if (!decision.suppress) return [];
  const made = new Map<string, Suppression>();
  for (const pair of pairs) {
    const key = `${pair.customer}\u0000${pair.list}\u0000${pair.entity_id}`;
    const state = deps.entityState(pair.list, pair.entity_id);
    // An entity already gone from its list raises no alert to suppress.
    if (made.has(key) || state === undefined) continue;
    made.set(key, {
      id: deps.newId(),
      customer_external_id: pair.customer,
      list: pair.list,
      entity_id: pair.entity_id,
      entity_name: state.name,
      content_hash: state.contentHash,
      list_version: state.listVersion,
      decision_id: decision.id,
      decided_by: decision.decided_by,
      approved_by: approvedBy,
      created_at: deps.now,
      status: 'ACTIVE',
      status_changed_at: null,
      revoked_by: null,
    });
  }
  return [...made.values()];
}

function* transactionPairs(stored: StoredTransaction): Generator<MatchedPair> {
  if (stored.audit === null) return;
  for (const participant of [stored.audit.remitter, stored.audit.beneficiary]) {
    for (const subject of participant.subjects) {
      for (const m of subject.matches) {
        yield { customer: participant.external_id, list: m.list, entity_id: m.entity_id };
      }
    }
  }
}

export function suppressionsOfDecision(
  stored: StoredTransaction,
  decision: ReviewDecision,
  approvedBy: string | null,
  deps: SuppressionDeps,
): Suppression[] {
  return suppressionsOfPairs(transactionPairs(stored), decision, approvedBy, deps);
}
