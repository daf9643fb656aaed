/**
 * What a run for a client (issue #30) reads before it starts: that the client exists, and its
 * suppressions — the active ones go to the workers (row-review.ts says when one still holds); the
 * revoked ones tell the queue feeder which closed pairs count as undecided again. Suppressions are
 * decided by people, so they number in the thousands at most and travel whole.
 */
import { CLIENTS_COLLECTION } from '../clients/client-registry.js';
import { WardenError } from '../model/errors.js';
import type { Suppression } from '../model/suppression.js';
import { SUPPRESSIONS_COLLECTION } from '../review/suppressions.js';
import type { RecordStore } from '../store/index.js';
import type { BatchReviewOptions } from './batch-options.js';
import type { ListVersionRef } from './checkpoint.js';
import type { ReviewSetup } from './row-review.js';

export interface ReviewPlan {
  /** The store's records: the client's batch hits are read and written there. */
  readonly records: RecordStore;
  readonly clientId: string;
  readonly feedQueue: boolean;
  readonly now: () => number;
  /** What every worker is handed. */
  readonly setup: ReviewSetup;
  /** "decision, customer, list, entity" of each revoked suppression. */
  readonly revoked: ReadonlySet<string>;
}

export const revokedKey = (decisionId: string, customer: string, list: string, entityId: string) =>
  `${decisionId}\u0000${customer}\u0000${list}\u0000${entityId}`;

/**
 * The review side of a run's plan; VALIDATION_ERROR without a store or for an unknown client.
 *
 * @example const plan = await planReview({ clientId, feedQueue: true }, store.records, versions)
 */
export async function planReview(
  review: BatchReviewOptions,
  records: RecordStore | undefined,
  versions: readonly ListVersionRef[],
): Promise<ReviewPlan> {
  if (records === undefined) {
    throw new WardenError(
      'VALIDATION_ERROR',
      'A run for a client needs the store (--db) that holds the client and its suppressions.',
      { path: ['review', 'clientId'] },
    );
  }
  if (records.entry(CLIENTS_COLLECTION, review.clientId, review.clientId) === undefined) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `No client has the id ${JSON.stringify(review.clientId)} in this database; create one with \`warden clients create\`.`,
      { path: ['review', 'clientId'] },
    );
  }
  const suppressions = (await records.list<Suppression>(SUPPRESSIONS_COLLECTION, review.clientId)).map(
    (r) => r.data,
  );
  return {
    records,
    clientId: review.clientId,
    feedQueue: review.feedQueue === true,
    now: review.now ?? Date.now,
    setup: {
      suppressions: suppressions
        .filter((s) => s.status === 'ACTIVE')
        .map(({ customer_external_id, list, entity_id, decision_id, content_hash }) => ({
          customer_external_id,
          list,
          entity_id,
          decision_id,
          content_hash,
        })),
      collectHits: review.feedQueue === true,
      listVersions: Object.fromEntries(versions.map((v) => [v.list, v.id])),
    },
    revoked: new Set(
      suppressions
        .filter((s) => s.status === 'REVOKED')
        .map((s) => revokedKey(s.decision_id, s.customer_external_id, s.list, s.entity_id)),
    ),
  };
}
