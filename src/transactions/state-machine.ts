/**
 * The transaction lifecycle as a table. The spec names the states but not the transitions; Warden's:
 *
 * - PROGRESS → COMPLETED | REJECTED | EVALUATION | COMPLIANCE, by the ENGINE (the automated decision);
 * - PROGRESS → CANCELLED, by the SERVICE (analysis abandoned, e.g. a screening failure or a client cancel;
 *   the spec: "Operation cancelled by the service");
 * - EVALUATION | COMPLIANCE → COMPLETED | REJECTED | CANCELLED, by an OPERATOR (compliance officer) only.
 *   REJECTED and CANCELLED require reasons_rejection_operator: a blocked or dropped payment must say why,
 *   for the client and for the audit trail. COMPLETED (approval) takes an optional note.
 * - COMPLETED, REJECTED and CANCELLED are terminal: money has moved or been refused; a new decision means
 *   a new transaction.
 * - Nothing else: no state moves to itself, no review state moves to another review state.
 */
import { WardenError } from '../model/errors.js';
import type { TransactionState } from '../model/transaction.js';

/** Who asks for a transition: the decision engine, the service itself, or a compliance officer. */
export type TransitionActor = 'ENGINE' | 'SERVICE' | 'OPERATOR';

export interface TransitionRule {
  readonly by: TransitionActor;
  /** Whether reasons_rejection_operator must be, may be, or must not be given. */
  readonly operatorReason: 'REQUIRED' | 'OPTIONAL' | 'NONE';
}

const BY_ENGINE: TransitionRule = { by: 'ENGINE', operatorReason: 'NONE' };
const BY_SERVICE: TransitionRule = { by: 'SERVICE', operatorReason: 'NONE' };
const APPROVAL: TransitionRule = { by: 'OPERATOR', operatorReason: 'OPTIONAL' };
const REFUSAL: TransitionRule = { by: 'OPERATOR', operatorReason: 'REQUIRED' };

/** from → to → rule; a pair that is absent is illegal. */
export const TRANSACTION_TRANSITIONS: Readonly<
  Record<TransactionState, Readonly<Partial<Record<TransactionState, TransitionRule>>>>
> = {
  PROGRESS: {
    COMPLETED: BY_ENGINE,
    REJECTED: BY_ENGINE,
    EVALUATION: BY_ENGINE,
    COMPLIANCE: BY_ENGINE,
    CANCELLED: BY_SERVICE,
  },
  EVALUATION: { COMPLETED: APPROVAL, REJECTED: REFUSAL, CANCELLED: REFUSAL },
  COMPLIANCE: { COMPLETED: APPROVAL, REJECTED: REFUSAL, CANCELLED: REFUSAL },
  COMPLETED: {},
  REJECTED: {},
  CANCELLED: {},
};

const ACTOR_WORDING: Readonly<Record<TransitionActor, string>> = {
  ENGINE: 'the decision engine',
  SERVICE: 'the service',
  OPERATOR: 'a compliance operator',
};

export interface TransitionRequest {
  readonly to: TransactionState;
  readonly by: TransitionActor;
  readonly reasons_rejection_operator?: string | null;
}

/** The fields of the transaction that change, with the spec's names. */
export interface TransitionResult {
  readonly state: TransactionState;
  readonly reasons_rejection_operator: string | null;
  /** `now` when the new state is REJECTED, else null. */
  readonly rejected_at: number | null;
}

export function isTerminalState(state: TransactionState): boolean {
  return Object.keys(TRANSACTION_TRANSITIONS[state]).length === 0;
}

export function allowedTransitions(from: TransactionState): TransactionState[] {
  return Object.keys(TRANSACTION_TRANSITIONS[from]) as TransactionState[];
}

/**
 * Checks a transition against the table and returns the fields to store; throws INVALID_STATE_TRANSITION
 * for an illegal move and VALIDATION_ERROR for a missing or unexpected operator reason.
 *
 * @example transitionTransaction('EVALUATION', { to: 'REJECTED', by: 'OPERATOR', reasons_rejection_operator: 'Confirmed SDN match.' }, now)
 */
export function transitionTransaction(
  from: TransactionState,
  request: TransitionRequest,
  now: number,
): TransitionResult {
  const { to, by } = request;
  const rule = TRANSACTION_TRANSITIONS[from][to];
  if (!rule) {
    const message = isTerminalState(from)
      ? `The transaction is already ${from}, a final state, so it cannot move to ${to}.`
      : `A transaction cannot move from ${from} to ${to}; from ${from} it can move to ${allowedTransitions(from).join(', ')}.`;
    throw new WardenError('INVALID_STATE_TRANSITION', message, { path: ['state'] });
  }
  if (rule.by !== by) {
    throw new WardenError(
      'INVALID_STATE_TRANSITION',
      `Only ${ACTOR_WORDING[rule.by]} may move a transaction from ${from} to ${to}, not ${ACTOR_WORDING[by]}.`,
      { path: ['state'] },
    );
  }
  const reason = request.reasons_rejection_operator?.trim() || null;
  if (rule.operatorReason === 'REQUIRED' && reason === null) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `reasons_rejection_operator is required when an operator moves a transaction to ${to}.`,
      { path: ['reasons_rejection_operator'] },
    );
  }
  if (rule.operatorReason === 'NONE' && reason !== null) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `reasons_rejection_operator is only set by a compliance operator, not on a move from ${from} to ${to}.`,
      { path: ['reasons_rejection_operator'] },
    );
  }
  return { state: to, reasons_rejection_operator: reason, rejected_at: to === 'REJECTED' ? now : null };
}
