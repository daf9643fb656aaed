/**
 * Manual status changes of onboardings and identities, as a table. The spec shows the PUT but not
 * its rules; Warden's:
 *
 * | from           | to             | reason   | why                                                         |
 * |----------------|----------------|----------|-------------------------------------------------------------|
 * | PENDING_REVIEW | APPROVED       | optional | the reviewer cleared the findings                           |
 * | PENDING_REVIEW | REJECTED       | required | a refusal must be explained to the customer and an auditor  |
 * | APPROVED       | REJECTED       | required | e.g. a later list hit on a customer already onboarded       |
 * | APPROVED       | PENDING_REVIEW | required | re-review, e.g. periodic re-screening or a document expiring |
 * | REJECTED       | PENDING_REVIEW | required | re-review of a refusal (appeal, false positive); never straight to APPROVED, so the trail shows a review |
 *
 * Anything else (including a status to itself) is INVALID_STATE_TRANSITION. APPROVED and REJECTED
 * are final: reaching one sets completed_at, returning to PENDING_REVIEW clears it.
 */
import { WardenError } from '../model/errors.js';
import type { ReviewStatus, StatusChange } from '../model/review-status.js';

export interface ReviewTransitionRule {
  readonly reason: 'REQUIRED' | 'OPTIONAL';
}

const OPTIONAL: ReviewTransitionRule = { reason: 'OPTIONAL' };
const REQUIRED: ReviewTransitionRule = { reason: 'REQUIRED' };

/** from → to → rule; an absent pair is not allowed. */
export const REVIEW_TRANSITIONS: Readonly<
  Record<ReviewStatus, Readonly<Partial<Record<ReviewStatus, ReviewTransitionRule>>>>
> = {
  PENDING_REVIEW: { APPROVED: OPTIONAL, REJECTED: REQUIRED },
  APPROVED: { REJECTED: REQUIRED, PENDING_REVIEW: REQUIRED },
  REJECTED: { PENDING_REVIEW: REQUIRED },
};

export const FINAL_REVIEW_STATUSES: ReadonlySet<ReviewStatus> = new Set(['APPROVED', 'REJECTED']);

export interface ReviewTransitionRequest {
  readonly to: ReviewStatus;
  readonly reason: string | null;
  /** Who asks: the client id, or an operator name the host passes. */
  readonly by: string;
  /** ISO 8601 */
  readonly at: string;
}

/**
 * Checks a move against the table and returns the history entry to append.
 *
 * @example transitionReview('onboarding', 'PENDING_REVIEW', { to: 'APPROVED', reason: null, by: 'client-a', at })
 */
export function transitionReview(
  noun: 'onboarding' | 'identity',
  from: ReviewStatus,
  request: ReviewTransitionRequest,
): StatusChange {
  const { to } = request;
  const rule = REVIEW_TRANSITIONS[from][to];
  if (rule === undefined) {
    const allowed = Object.keys(REVIEW_TRANSITIONS[from]).join(' or ');
    const message =
      from === to
        ? `The ${noun} is already ${to}.`
        : `An ${noun} cannot move from ${from} to ${to}; from ${from} it can move to ${allowed}.`;
    throw new WardenError('INVALID_STATE_TRANSITION', message, { path: ['status'] });
  }
  const reason = request.reason?.trim() || null;
  if (rule.reason === 'REQUIRED' && reason === null) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `reason is required to move an ${noun} from ${from} to ${to}.`,
      {
        path: ['reason'],
      },
    );
  }
  return { from, to, reason, at: request.at, by: request.by };
}
