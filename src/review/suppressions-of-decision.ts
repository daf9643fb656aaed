/**
 * The suppressions an applied FALSE_POSITIVE with `suppress` creates: one per participant of the
 * transaction (its external_id) and listed entity its names matched, as the audit trail holds them.
 */
import type { ReviewDecision } from '../model/review-decision.js';
import type { Suppression } from '../model/suppression.js';
import type { StoredTransaction } from '../transactions/index.js';
import type { ListedEntityLookup } from './suppressions.js';

export function suppressionsOfDecision(
  stored: StoredTransaction,
  decision: ReviewDecision,
  approvedBy: string | null,
  deps: { entityState: ListedEntityLookup; newId: () => string; now: number },
): Suppression[] {
  if (!decision.suppress || stored.audit === null) return [];
  const made = new Map<string, Suppression>();
  for (const participant of [stored.audit.remitter, stored.audit.beneficiary]) {
    for (const subject of participant.subjects) {
      for (const m of subject.matches) {
        const key = `${participant.external_id}\u0000${m.list}\u0000${m.entity_id}`;
        const state = deps.entityState(m.list, m.entity_id);
        // An entity already gone from its list raises no alert to suppress.
        if (made.has(key) || state === undefined) continue;
        made.set(key, {
          id: deps.newId(),
          customer_external_id: participant.external_id,
          list: m.list,
          entity_id: m.entity_id,
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
    }
  }
  return [...made.values()];
}
