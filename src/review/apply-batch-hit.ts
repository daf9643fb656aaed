/**
 * The desk applying a decision on a batch hit: it has no state machine of its own, so the hit with
 * its closed matches, the decision and its suppressions land in one commit.
 */
import type { ReviewDecision } from '../model/review-decision.js';
import type { ResidentRecords } from '../store/resident-records.js';
import type { RecordStore, StoredRecord } from '../store/store.js';
import { batchHitRecordOf, openBatchHit } from './batch-hits.js';
import { closeBatchHit } from './close-batch-hit.js';
import { suppressionsOfPairs } from './suppressions-of-decision.js';
import type { Suppressions } from './suppressions.js';

export interface BatchHitDesk {
  readonly records: RecordStore;
  readonly suppressions: Suppressions;
  /** The desk's decisions, to take the applied one in after the commit. */
  readonly decisions: ResidentRecords;
  readonly decisionRecordOf: (clientId: string, d: ReviewDecision) => StoredRecord<ReviewDecision>;
  readonly now: () => number;
  readonly newId: (prefix: string) => string;
}

export async function applyBatchHitDecision(
  desk: BatchHitDesk,
  clientId: string,
  d: ReviewDecision,
  approvedBy: string | null,
): Promise<ReviewDecision> {
  const at = desk.now();
  const hit = await openBatchHit(desk.records, clientId, d.subject);
  const { hit: next, closed } = closeBatchHit(hit, d, at);
  const pairs = closed.map((m) => ({
    customer: hit.customer_external_id,
    list: m.list,
    entity_id: m.entity_id,
  }));
  const made = suppressionsOfPairs(pairs, d, approvedBy, {
    entityState: (list, id) => desk.suppressions.entityState(list, id),
    newId: () => desk.newId('sup'),
    now: at,
  });
  const applied: ReviewDecision = {
    ...d,
    approved_by: approvedBy,
    approved_at: approvedBy === null ? null : at,
    status: 'APPLIED',
    suppressions: made.map((s) => s.id),
  };
  const decisionRecord = desk.decisionRecordOf(clientId, applied);
  const suppressionRecords = made.map((s) => desk.suppressions.recordOf(clientId, s));
  await desk.records.putAll([batchHitRecordOf(clientId, next), decisionRecord, ...suppressionRecords], {
    handOver: true,
  });
  desk.decisions.adopt([decisionRecord]);
  desk.suppressions.adopt(suppressionRecords);
  return applied;
}
