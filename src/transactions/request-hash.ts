/**
 * What makes two submissions the same request (idempotency): the parsed body without its
 * credentials, as JSON with sorted keys. Parsed, so an omitted optional field and an explicit null
 * (both become null) are the same request; credentials excluded, so a rotated client_secret does
 * not turn a retry into a conflict. requestHash is the sha256 of that JSON, a fingerprint to show.
 */
import { hash } from 'node:crypto';
import { canonicalJson } from '../lists/content-hash.js';
import type { SubmitTransactionRequest } from '../model/transaction.js';

/** The submission as stored: the request minus client_id and client_secret. */
export type TransactionBody = Omit<SubmitTransactionRequest, 'client_id' | 'client_secret'>;

export function transactionBodyOf(request: SubmitTransactionRequest): TransactionBody {
  return { transaction: request.transaction, remitter: request.remitter, beneficiary: request.beneficiary };
}

/**
 * True when two submissions are the same request. The service compares the stored request with the
 * new one only when an external_transaction_id comes back, instead of storing a hash of every
 * submission (which cost ~30 µs of each submit's server time).
 *
 * @example sameRequest(stored.request, transactionBodyOf(retry)) // true
 */
export function sameRequest(a: TransactionBody, b: TransactionBody): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** @example requestHash(transactionBodyOf(request)) // '3fa9…' (64 hex digits) */
export function requestHash(body: TransactionBody): string {
  // One-shot hash(): no Hash object per call; the same digest as createHash().update().digest().
  return hash('sha256', canonicalJson(body), 'hex');
}
