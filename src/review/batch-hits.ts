/**
 * Batch hits in the store (collection "review_batch_hits", model/batch-hit.ts): one record per
 * customer of a client, keyed by the customer's external_id and tagged with its status, so the
 * queue finds the open ones from the entries alone. A batch run writes them (batch/batch-hit-feeder.ts)
 * and the desk reads them from the store, never from a copy of its own: both may share one store.
 */
import type { BatchHit, BatchHitMatch } from '../model/batch-hit.js';
import { WardenError } from '../model/errors.js';
import type { ReviewDecision } from '../model/review-decision.js';
import type { QueueItem, QueueMatch } from '../model/review-queue.js';
import type { RecordStore, StoredRecord } from '../store/store.js';

export const BATCH_HITS_COLLECTION = 'review_batch_hits';

export function batchHitRecordOf(clientId: string, hit: BatchHit): StoredRecord<BatchHit> {
  return {
    collection: BATCH_HITS_COLLECTION,
    id: hit.id,
    client_id: clientId,
    key: hit.customer_external_id,
    created_at: hit.opened_at,
    updated_at: hit.updated_at,
    tag: hit.status,
    data: hit,
  };
}

/** The client's batch hit of this customer, if a run ever queued one. */
export async function batchHitOf(
  records: RecordStore,
  clientId: string,
  customer: string,
): Promise<BatchHit | undefined> {
  if (records.entryByKey(BATCH_HITS_COLLECTION, clientId, customer) === undefined) return undefined;
  return (await records.getByKey<BatchHit>(BATCH_HITS_COLLECTION, clientId, customer))?.data;
}

/** The batch hit by id, while it is open; RESOURCE_NOT_FOUND or INVALID_STATE_TRANSITION otherwise. */
export async function openBatchHit(records: RecordStore, clientId: string, id: string): Promise<BatchHit> {
  const hit = (await records.get<BatchHit>(BATCH_HITS_COLLECTION, clientId, id))?.data;
  if (hit === undefined) {
    throw new WardenError('RESOURCE_NOT_FOUND', `No batch hit has the id ${JSON.stringify(id)}.`, {
      path: ['id'],
    });
  }
  if (hit.status !== 'OPEN') {
    throw new WardenError(
      'INVALID_STATE_TRANSITION',
      `The batch hit is ${hit.status}, not waiting for a review.`,
    );
  }
  return hit;
}

function queueMatchOf(m: BatchHitMatch): QueueMatch {
  const { content_hash: _hash, queued_at: _at, ...match } = m;
  return match;
}

export function batchHitQueueItem(hit: BatchHit, pending: ReviewDecision | null): QueueItem {
  return {
    kind: 'BATCH_HIT',
    subject: hit.id,
    state: hit.status,
    created_at: hit.opened_at,
    reason: `Matched in the batch run writing ${hit.run.out}`,
    matches: hit.matches.map(queueMatchOf),
    rules: [],
    pending_decision: pending,
  };
}

/** The client's open batch hits as queue items. */
export async function openBatchHitItems(
  records: RecordStore,
  clientId: string,
  pendingOn: (subject: string) => ReviewDecision | null,
): Promise<QueueItem[]> {
  const items: QueueItem[] = [];
  for (const entry of records.entries(BATCH_HITS_COLLECTION, clientId)) {
    if (entry.tag !== 'OPEN') continue;
    const hit = (await records.get<BatchHit>(BATCH_HITS_COLLECTION, clientId, entry.id))?.data;
    if (hit !== undefined) items.push(batchHitQueueItem(hit, pendingOn(hit.id)));
  }
  return items;
}
