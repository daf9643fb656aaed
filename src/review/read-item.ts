/**
 * Reads one item of a client — open or already decided — with its timeline (model/review-item.ts):
 * what the review page's item view and `GET /api/v1/review/{transactions|onboardings}/{id}` show.
 */
import type { BatchHit } from '../model/batch-hit.js';
import { WardenError } from '../model/errors.js';
import type { ReviewDecision, ReviewKind } from '../model/review-decision.js';
import type { ReviewItem } from '../model/review-item.js';
import type { OnboardingService } from '../onboarding/index.js';
import type { RecordStore } from '../store/store.js';
import type { TransactionService } from '../transactions/index.js';
import { BATCH_HITS_COLLECTION, batchHitQueueItem } from './batch-hits.js';
import { onboardingQueueItem, transactionQueueItem } from './queue-items.js';
import { OPEN_TRANSACTION_STATES } from './read-queue.js';
import { timelineOf } from './timeline.js';

export interface ItemSources {
  readonly records: RecordStore;
  readonly transactions: Pick<TransactionService, 'find'>;
  readonly onboarding: Pick<OnboardingService, 'getOnboarding'>;
}

export async function readItem(
  sources: ItemSources,
  clientId: string,
  kind: ReviewKind,
  subject: string,
  decisions: readonly ReviewDecision[],
): Promise<ReviewItem> {
  const pending = decisions.find((d) => d.status === 'PENDING_APPROVAL') ?? null;
  if (kind === 'TRANSACTION') {
    const stored = await sources.transactions.find(clientId, subject);
    if (stored === undefined) {
      throw new WardenError('RESOURCE_NOT_FOUND', `No transaction has external_transaction_id "${subject}".`);
    }
    return {
      ...transactionQueueItem(stored, pending),
      open: OPEN_TRANSACTION_STATES.has(stored.report.transaction.state),
      timeline: timelineOf({ transaction: stored }, decisions),
    };
  }
  if (kind === 'BATCH_HIT') {
    const hit = (await sources.records.get<BatchHit>(BATCH_HITS_COLLECTION, clientId, subject))?.data;
    if (hit === undefined) {
      throw new WardenError('RESOURCE_NOT_FOUND', `No batch hit has the id ${JSON.stringify(subject)}.`);
    }
    return {
      ...batchHitQueueItem(hit, pending),
      open: hit.status === 'OPEN',
      timeline: timelineOf({ batchHit: hit }, decisions),
    };
  }
  const record = await sources.onboarding.getOnboarding(clientId, subject);
  return {
    ...onboardingQueueItem(record, pending),
    open: record.status === 'PENDING_REVIEW',
    timeline: timelineOf({ onboarding: record }, decisions),
  };
}
