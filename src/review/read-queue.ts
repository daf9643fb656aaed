/**
 * Reads a client's review queue from the store: transactions whose entry tag (their state) is open,
 * onboardings in PENDING_REVIEW, and open batch hits, filtered, oldest first, one page.
 */
import type { OnboardingRecord } from '../model/onboarding.js';
import { pageOf } from '../model/page.js';
import type { ReviewDecision, ReviewKind } from '../model/review-decision.js';
import { QueueItem, type QueueList, type QueueQuery } from '../model/review-queue.js';
import { readOnboardingAudit } from '../onboarding/index.js';
import type { RecordStore } from '../store/store.js';
import { TRANSACTIONS_COLLECTION, type StoredTransaction } from '../transactions/index.js';
import { openBatchHitItems } from './batch-hits.js';
import { paged } from './paged.js';
import {
  matchesFilters,
  onboardingQueueItem,
  transactionQueueItem,
  waitedLongEnough,
} from './queue-items.js';

export const OPEN_TRANSACTION_STATES: ReadonlySet<string> = new Set(['EVALUATION', 'COMPLIANCE']);
const ONBOARDINGS_COLLECTION = 'onboardings';

export async function readQueue(
  records: RecordStore,
  clientId: string,
  query: QueueQuery,
  now: number,
  pendingOn: (kind: ReviewKind, subject: string) => ReviewDecision | null,
): Promise<QueueList> {
  const items: QueueItem[] = [];
  if (query.kind === undefined || query.kind === 'TRANSACTION') {
    for (const entry of records.entries(TRANSACTIONS_COLLECTION, clientId)) {
      if (entry.tag === null || !OPEN_TRANSACTION_STATES.has(entry.tag)) continue;
      const stored = (await records.get<StoredTransaction>(TRANSACTIONS_COLLECTION, clientId, entry.id))
        ?.data;
      if (stored === undefined) continue;
      items.push(
        transactionQueueItem(stored, pendingOn('TRANSACTION', stored.report.external_transaction_id)),
      );
    }
  }
  if (query.kind === undefined || query.kind === 'ONBOARDING') {
    // Onboardings carry no state tag: their bodies are read (a client's onboardings, not its traffic).
    for (const record of await records.list<OnboardingRecord>(ONBOARDINGS_COLLECTION, clientId)) {
      if (record.data.status !== 'PENDING_REVIEW') continue;
      const audit = await readOnboardingAudit(records, clientId, record.data._id);
      items.push(onboardingQueueItem(record.data, pendingOn('ONBOARDING', record.data._id), audit));
    }
  }
  if (query.kind === undefined || query.kind === 'BATCH_HIT') {
    items.push(...(await openBatchHitItems(records, clientId, (id) => pendingOn('BATCH_HIT', id))));
  }
  const selected = items
    .filter((item) => matchesFilters(item, query) && waitedLongEnough(item, query, now))
    .sort((a, b) => a.created_at - b.created_at);
  return pageOf(QueueItem).parse(paged(selected, query));
}
