/**
 * Four eyes (issue #30): which decisions wait for a second person, and who may be that person.
 * Pure: the client's settings and the reviewer come in as arguments.
 */
import { WardenError } from '../model/errors.js';
import type { FourEyesAction, ReviewDecision } from '../model/review-decision.js';
import type { ReviewerIdentity } from './reviewer-registry.js';

/** What a decision does, in the vocabulary of ClientSettings.review_four_eyes. */
export function actionsOf(decision: Pick<ReviewDecision, 'state' | 'suppress'>): FourEyesAction[] {
  const actions: FourEyesAction[] = [];
  // A batch hit cleared lets the customer be, like a release; confirmed, it is a refusal.
  const { state } = decision;
  if (state === 'COMPLETED' || state === 'APPROVED' || state === 'CLEARED') actions.push('RELEASE');
  if (state === 'REJECTED' || state === 'CONFIRMED') actions.push('REJECT');
  if (decision.suppress) actions.push('SUPPRESS');
  return actions;
}

/**
 * The actions of this decision the client wants a second person for; empty: it applies at once.
 *
 * @example approvalsNeeded({ state: 'CANCELLED', suppress: false }, ['RELEASE', 'REJECT', 'SUPPRESS']) // []
 */
export function approvalsNeeded(
  decision: Pick<ReviewDecision, 'state' | 'suppress'>,
  required: readonly FourEyesAction[],
): FourEyesAction[] {
  return actionsOf(decision).filter((action) => required.includes(action));
}

/** Throws unless `reviewer` may approve or reject `decision`: an approver, not its author, while pending. */
export function checkSecondReviewer(decision: ReviewDecision, reviewer: ReviewerIdentity): void {
  if (reviewer.role !== 'approver') {
    throw new WardenError(
      'FORBIDDEN',
      'Only a reviewer with the approver role may approve or reject a decision.',
    );
  }
  if (reviewer.name === decision.decided_by) {
    throw new WardenError(
      'FORBIDDEN',
      'A decision needs a second person: another approver must approve or reject it.',
    );
  }
  if (decision.status !== 'PENDING_APPROVAL') {
    throw new WardenError('CONFLICT', `Decision ${decision.id} is already ${decision.status}.`);
  }
}
