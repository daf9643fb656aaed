/**
 * The stored transaction (collection "transactions", unique key external_transaction_id): the spec's
 * TransactionReport as the API returns it, plus what Warden keeps for idempotency and audit, and the
 * webhook payload of a state change.
 */
import type { Notification, Transaction, TransactionReport, TransactionState } from '../model/transaction.js';
import type { TransitionActor, TransitionResult } from './state-machine.js';
import type { TransactionAudit } from './audit.js';
import type { TransactionBody } from './request-hash.js';

export const TRANSACTIONS_COLLECTION = 'transactions';

/** The webhook event of every transaction state change. */
export const TRANSACTION_STATE_CHANGED = 'transaction.state_changed';

/** One entry of the state history, oldest first; the first entry is the creation (from null). */
export interface StateChange {
  readonly from: TransactionState | null;
  readonly to: TransactionState;
  readonly by: TransitionActor;
  readonly at: number;
  readonly reasons_rejection_operator: string | null;
  /** The reviewer who decided an operator's change made through the review API (issue #30). */
  readonly decided_by?: string;
  /** The second reviewer who approved it (four eyes); null when none was needed. */
  readonly approved_by?: string | null;
}

export interface StoredTransaction {
  /** Exactly what List Transactions returns for this transaction. */
  readonly report: TransactionReport;
  /** The submission without credentials, to re-run the analysis and to audit. */
  readonly request: TransactionBody;
  /**
   * requestHash(request), on records written before idempotency compared `request` itself
   * (sameRequest); kept by them, never read.
   */
  readonly request_hash?: string;
  /** Null while PROGRESS and when the analysis could not finish (CANCELLED by the service). */
  readonly audit: TransactionAudit | null;
  readonly history: readonly StateChange[];
}

/**
 * The payload of the "transaction.state_changed" webhook (the spec shows none). Enough to act on
 * without a second call; the full record is one List Transactions call away (external_transaction_id).
 */
export interface TransactionWebhookPayload {
  readonly transaction_id: string;
  readonly external_transaction_id: string;
  readonly previous_state: TransactionState;
  readonly state: TransactionState;
  readonly reasons_rejection_analysis: string | null;
  readonly reasons_rejection_operator: string | null;
  /** Epoch ms of the change. */
  readonly changed_at: number;
}

/** A new transaction in PROGRESS, shaped as the spec's report. */
export function newTransactionRecord(
  body: TransactionBody,
  id: string,
  requestAt: number,
  usd: number | null,
): StoredTransaction {
  const tx = body.transaction;
  const fiat = tx.transaction_type === 'FIAT' ? tx : null;
  const crypto = tx.transaction_type === 'CRYPTO' ? tx : null;
  const transaction: Transaction = {
    id,
    transaction_type: tx.transaction_type,
    state: 'PROGRESS',
    sending_dollar_amount: usd,
    sending_amount: fiat ? fiat.sending_amount : null,
    sending_currency: tx.transaction_type === 'FIAT' ? tx.sending_currency : tx.asset,
    receiving_wallet: crypto ? crypto.receiving_wallet : null,
    reasons_rejection_analysis: null,
    reasons_rejection_operator: null,
    analyzed_at: null,
    registered_in: requestAt,
    notification: null,
    crypto_asset: crypto ? crypto.asset : null,
    crypto_network: crypto ? crypto.network : null,
    receving_amount: fiat ? fiat.receiving_amount : null,
    receiving_currency: fiat ? fiat.receiving_currency : null,
  };
  return {
    report: {
      external_transaction_id: tx.external_transaction_id,
      request_at: requestAt,
      analyzed_at: null,
      transaction,
    },
    request: body,
    audit: null,
    history: [{ from: null, to: 'PROGRESS', by: 'SERVICE', at: requestAt, reasons_rejection_operator: null }],
  };
}

/** What an automated analysis adds besides the state: its end time, reason and audit trail. */
export interface AnalysisOutcome {
  readonly analyzedAt: number;
  readonly reasons_rejection_analysis: string | null;
  readonly audit: TransactionAudit | null;
}

/**
 * The record after a transition checked by the state machine. `rejected_at` is only present when the
 * state is REJECTED (the spec: "Present when rejected").
 */
export function withTransition(
  stored: StoredTransaction,
  change: TransitionResult,
  by: TransitionActor,
  at: number,
  analysis?: AnalysisOutcome,
  reviewers?: { readonly decided_by: string; readonly approved_by: string | null },
): StoredTransaction {
  const { rejected_at: _dropped, ...previous } = stored.report.transaction;
  const transaction: Transaction = {
    ...previous,
    state: change.state,
    reasons_rejection_operator:
      by === 'OPERATOR' ? change.reasons_rejection_operator : previous.reasons_rejection_operator,
    ...(change.rejected_at !== null ? { rejected_at: change.rejected_at } : {}),
    ...(analysis
      ? { analyzed_at: analysis.analyzedAt, reasons_rejection_analysis: analysis.reasons_rejection_analysis }
      : {}),
  };
  const history: StateChange = {
    from: stored.report.transaction.state,
    to: change.state,
    by,
    at,
    reasons_rejection_operator: change.reasons_rejection_operator,
    ...(reviewers ?? {}),
  };
  return {
    ...stored,
    report: { ...stored.report, analyzed_at: transaction.analyzed_at, transaction },
    audit: analysis ? analysis.audit : stored.audit,
    history: [...stored.history, history],
  };
}

/** The record with the outcome of the latest webhook attempt. */
export function withNotification(stored: StoredTransaction, notification: Notification): StoredTransaction {
  return {
    ...stored,
    report: { ...stored.report, transaction: { ...stored.report.transaction, notification } },
  };
}

/**
 * The stable id of the webhook of the record's latest state change: the same change always gets the
 * same id, so a repeated write never makes a second delivery and receivers can deduplicate on it.
 */
export function deliveryIdOf(stored: StoredTransaction): string {
  return `whd_${stored.report.transaction.id}_${stored.history.length - 1}`;
}

export function webhookPayloadOf(
  previous: TransactionState,
  stored: StoredTransaction,
  changedAt: number,
): TransactionWebhookPayload {
  const { transaction } = stored.report;
  return {
    transaction_id: transaction.id,
    external_transaction_id: stored.report.external_transaction_id,
    previous_state: previous,
    state: transaction.state,
    reasons_rejection_analysis: transaction.reasons_rejection_analysis,
    reasons_rejection_operator: transaction.reasons_rejection_operator,
    changed_at: changedAt,
  };
}
