/**
 * The review desk (issue #30): reviewers decide the items a client's screenings stopped, a second
 * reviewer approves what the client's four-eyes setting names, and an applied decision goes through
 * the existing state machines — the transaction service's `review` (state, operator reason, webhook,
 * history) or the onboarding status change — or closes a batch hit (apply-batch-hit.ts). Decisions
 * are kept in memory (collection "review_decisions"): people make them, so they number in the
 * thousands, not millions.
 */
import { WardenError } from '../model/errors.js';
import { pageOf } from '../model/page.js';
import type { BatchHitDecisionRequest } from '../model/batch-hit.js';
import type { OnboardingRecord } from '../model/onboarding.js';
import {
  ReviewDecision,
  type DecisionList,
  type DecisionListQuery,
  type OnboardingDecisionRequest,
  type ReviewKind,
  type TransactionDecisionRequest,
} from '../model/review-decision.js';
import type { ReviewItem } from '../model/review-item.js';
import type { QueueList, QueueQuery } from '../model/review-queue.js';
import type { Suppression } from '../model/suppression.js';
import type { OnboardingService } from '../onboarding/index.js';
import { ResidentRecords } from '../store/resident-records.js';
import type { RecordStore, StoredRecord } from '../store/store.js';
import type { SettingsOf, StoredTransaction, TransactionService } from '../transactions/index.js';
import { KeyedQueue } from '../transactions/keyed-queue.js';
import { applyBatchHitDecision } from './apply-batch-hit.js';
import { openBatchHit } from './batch-hits.js';
import { approvalsNeeded, checkSecondReviewer } from './four-eyes.js';
import { paged } from './paged.js';
import { readItem } from './read-item.js';
import { OPEN_TRANSACTION_STATES, readQueue } from './read-queue.js';
import type { ReviewerIdentity } from './reviewer-registry.js';
import { suppressionsOfDecision } from './suppressions-of-decision.js';
import type { Suppressions } from './suppressions.js';

export const DECISIONS_COLLECTION = 'review_decisions';

export interface ReviewServiceOptions {
  readonly records: RecordStore;
  readonly transactions: TransactionService;
  readonly onboarding: OnboardingService;
  readonly suppressions: Suppressions;
  readonly settingsOf: SettingsOf;
  readonly now: () => number;
  readonly newId: (prefix: string) => string;
}

const notFound = (what: string, id: string) =>
  new WardenError('RESOURCE_NOT_FOUND', `No ${what} has the id ${JSON.stringify(id)}.`, { path: ['id'] });

export async function openReviewService(options: ReviewServiceOptions) {
  const { records, transactions, onboarding, suppressions, settingsOf, now, newId } = options;
  const decisions = await ResidentRecords.open(records, [DECISIONS_COLLECTION]);
  // One decision at a time per item: the open-decision check and the write must not interleave.
  const queue = new KeyedQueue();
  const itemKey = (clientId: string, kind: ReviewKind, subject: string) =>
    `${clientId}\u0000${kind}\u0000${subject}`;

  const all = (clientId: string) =>
    decisions.list<ReviewDecision>(DECISIONS_COLLECTION, clientId).map((r) => r.data);
  const openOn = (clientId: string, kind: ReviewKind, subject: string) =>
    all(clientId).find((d) => d.kind === kind && d.subject === subject && d.status === 'PENDING_APPROVAL') ??
    null;

  const recordOf = (clientId: string, d: ReviewDecision): StoredRecord<ReviewDecision> => ({
    collection: DECISIONS_COLLECTION,
    id: d.id,
    client_id: clientId,
    key: null,
    created_at: d.decided_at,
    updated_at: now(),
    tag: d.status,
    data: d,
  });

  async function openTransaction(clientId: string, externalId: string): Promise<StoredTransaction> {
    const stored = await transactions.find(clientId, externalId);
    if (stored === undefined) {
      throw new WardenError(
        'RESOURCE_NOT_FOUND',
        `No transaction has external_transaction_id "${externalId}".`,
      );
    }
    const { state } = stored.report.transaction;
    if (!OPEN_TRANSACTION_STATES.has(state)) {
      throw new WardenError(
        'INVALID_STATE_TRANSITION',
        `The transaction is ${state}, not waiting for a review.`,
      );
    }
    return stored;
  }

  async function openOnboarding(clientId: string, id: string): Promise<OnboardingRecord> {
    const record = await onboarding.getOnboarding(clientId, id);
    if (record.status !== 'PENDING_REVIEW') {
      throw new WardenError(
        'INVALID_STATE_TRANSITION',
        `The onboarding is ${record.status}, not waiting for a review.`,
      );
    }
    return record;
  }

  /** Applies a decision through the item's state machine; the decision record lands with it. */
  async function apply(
    clientId: string,
    d: ReviewDecision,
    approvedBy: string | null,
  ): Promise<ReviewDecision> {
    if (d.kind === 'BATCH_HIT') {
      return applyBatchHitDecision(
        { records, suppressions, decisions, decisionRecordOf: recordOf, now, newId },
        clientId,
        d,
        approvedBy,
      );
    }
    const at = now();
    const approved = { approved_by: approvedBy, approved_at: approvedBy === null ? null : at };
    if (d.kind === 'ONBOARDING') {
      const by = approvedBy === null ? d.decided_by : `${d.decided_by} (approved by ${approvedBy})`;
      await onboarding.changeOnboardingStatus(
        clientId,
        d.subject,
        { status: d.state as 'APPROVED' | 'REJECTED', reason: d.reason },
        { by },
      );
      const applied: ReviewDecision = { ...d, ...approved, status: 'APPLIED' };
      await decisions.put(recordOf(clientId, applied), { handOver: true });
      return applied;
    }
    const stored = await openTransaction(clientId, d.subject);
    const made = suppressionsOfDecision(stored, d, approvedBy, {
      entityState: (list, id) => suppressions.entityState(list, id),
      newId: () => newId('sup'),
      now: now(),
    });
    const applied: ReviewDecision = {
      ...d,
      ...approved,
      status: 'APPLIED',
      suppressions: made.map((s) => s.id),
    };
    const decisionRecord = recordOf(clientId, applied);
    const suppressionRecords = made.map((s) => suppressions.recordOf(clientId, s));
    await transactions.review(
      clientId,
      d.subject,
      { state: d.state as 'COMPLETED' | 'REJECTED' | 'CANCELLED', reasons_rejection_operator: d.reason },
      'OPERATOR',
      {
        reviewers: { decided_by: d.decided_by, approved_by: approvedBy },
        alsoWrite: () => [decisionRecord, ...suppressionRecords],
      },
    );
    decisions.adopt([decisionRecord]);
    suppressions.adopt(suppressionRecords);
    return applied;
  }

  async function decide(
    reviewer: ReviewerIdentity,
    kind: ReviewKind,
    subject: string,
    request: {
      outcome: ReviewDecision['outcome'];
      state: ReviewDecision['state'];
      reason: string;
      suppress: boolean;
    },
  ): Promise<ReviewDecision> {
    const { clientId } = reviewer;
    return queue.run(itemKey(clientId, kind, subject), async () => {
      if (kind === 'TRANSACTION') await openTransaction(clientId, subject);
      else if (kind === 'ONBOARDING') await openOnboarding(clientId, subject);
      else await openBatchHit(records, clientId, subject);
      if (request.suppress && request.outcome !== 'FALSE_POSITIVE') {
        throw new WardenError('VALIDATION_ERROR', 'suppress: only a FALSE_POSITIVE can be suppressed.', {
          path: ['suppress'],
        });
      }
      const open = openOn(clientId, kind, subject);
      if (open !== null) {
        throw new WardenError('CONFLICT', `Decision ${open.id} on this item is still waiting for approval.`);
      }
      const needs = approvalsNeeded(request, settingsOf(clientId).review_four_eyes);
      const decision: ReviewDecision = {
        id: newId('rvd'),
        kind,
        subject,
        ...request,
        status: needs.length > 0 ? 'PENDING_APPROVAL' : 'APPLIED',
        needs_approval: needs,
        decided_by: reviewer.name,
        decided_at: now(),
        approved_by: null,
        approved_at: null,
        rejected_by: null,
        rejected_at: null,
        rejection_reason: null,
        suppressions: [],
      };
      if (needs.length === 0) return apply(clientId, decision, null);
      await decisions.put(recordOf(clientId, decision), { handOver: true });
      return decision;
    });
  }

  function existing(clientId: string, id: string): ReviewDecision {
    const found = decisions.get<ReviewDecision>(DECISIONS_COLLECTION, clientId, id)?.data;
    if (found === undefined) throw notFound('decision', id);
    return found;
  }

  return {
    /** A decision on a transaction in EVALUATION or COMPLIANCE, by its external_transaction_id. */
    decideTransaction: (
      reviewer: ReviewerIdentity,
      externalId: string,
      request: TransactionDecisionRequest,
    ) => decide(reviewer, 'TRANSACTION', externalId, request),

    /** A decision on an onboarding in PENDING_REVIEW. */
    decideOnboarding: (reviewer: ReviewerIdentity, id: string, request: OnboardingDecisionRequest) =>
      decide(reviewer, 'ONBOARDING', id, { ...request, suppress: false }),

    /** One decision of the client, by id. */
    getDecision: (clientId: string, id: string): ReviewDecision => existing(clientId, id),

    /** A decision on an open batch hit: FALSE_POSITIVE clears it, TRUE_MATCH confirms it. */
    decideBatchHit: (reviewer: ReviewerIdentity, id: string, request: BatchHitDecisionRequest) =>
      decide(reviewer, 'BATCH_HIT', id, {
        ...request,
        state: request.outcome === 'FALSE_POSITIVE' ? 'CLEARED' : 'CONFIRMED',
      }),

    /** The second reviewer's approval: the decision applies now. */
    approve(reviewer: ReviewerIdentity, id: string): Promise<ReviewDecision> {
      const first = existing(reviewer.clientId, id);
      return queue.run(itemKey(reviewer.clientId, first.kind, first.subject), async () => {
        const d = existing(reviewer.clientId, id);
        checkSecondReviewer(d, reviewer);
        return apply(reviewer.clientId, d, reviewer.name);
      });
    },

    /** The second reviewer's refusal: the item stays open for another decision. */
    reject(reviewer: ReviewerIdentity, id: string, reason: string): Promise<ReviewDecision> {
      const first = existing(reviewer.clientId, id);
      return queue.run(itemKey(reviewer.clientId, first.kind, first.subject), async () => {
        const d = existing(reviewer.clientId, id);
        checkSecondReviewer(d, reviewer);
        const rejected: ReviewDecision = {
          ...d,
          status: 'REJECTED',
          rejected_by: reviewer.name,
          rejected_at: now(),
          rejection_reason: reason,
        };
        await decisions.put(recordOf(reviewer.clientId, rejected), { handOver: true });
        return rejected;
      });
    },

    /** The client's decisions, newest first. */
    listDecisions(clientId: string, query: DecisionListQuery): DecisionList {
      const items = all(clientId)
        .filter(
          (d) =>
            (query.status === undefined || d.status === query.status) &&
            (query.kind === undefined || d.kind === query.kind),
        )
        .reverse();
      return pageOf(ReviewDecision).parse(paged(items, query));
    },

    /** The client's open items, oldest first, with their matches, rules and pending decision. */
    queue: (clientId: string, query: QueueQuery): Promise<QueueList> =>
      readQueue(records, clientId, query, now(), (kind, subject) => openOn(clientId, kind, subject)),

    /** One item, open or decided, with its timeline. */
    item: (clientId: string, kind: ReviewKind, subject: string): Promise<ReviewItem> =>
      readItem(
        { records, transactions, onboarding },
        clientId,
        kind,
        subject,
        all(clientId).filter((d) => d.kind === kind && d.subject === subject),
      ),

    /** The client's suppressions, newest first. */
    listSuppressions: (clientId: string, query: Parameters<Suppressions['list']>[1]) =>
      suppressions.list(clientId, query),

    /** Withdraws a suppression (approvers only). */
    async revokeSuppression(reviewer: ReviewerIdentity, id: string): Promise<Suppression> {
      if (reviewer.role !== 'approver') {
        throw new WardenError(
          'FORBIDDEN',
          'Only a reviewer with the approver role may revoke a suppression.',
        );
      }
      return suppressions.revoke(reviewer.clientId, id, reviewer.name);
    },
  };
}

export type ReviewService = Awaited<ReturnType<typeof openReviewService>>;
