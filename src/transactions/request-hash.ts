/**
 * The idempotency fingerprint of a submission: sha256 of the parsed body without its credentials, as
 * JSON with sorted keys. Parsed, so an omitted optional field and an explicit null (both become null)
 * are the same request; credentials excluded, so a rotated client_secret does not turn a retry into
 * a conflict.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../lists/content-hash.js';
import type { SubmitTransactionRequest } from '../model/transaction.js';

/** The submission as stored: the request minus client_id and client_secret. */
export type TransactionBody = Omit<SubmitTransactionRequest, 'client_id' | 'client_secret'>;

export function transactionBodyOf(request: SubmitTransactionRequest): TransactionBody {
  return { transaction: request.transaction, remitter: request.remitter, beneficiary: request.beneficiary };
}

/** @example requestHash(transactionBodyOf(request)) // '3fa9…' (64 hex digits) */
export function requestHash(body: TransactionBody): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
