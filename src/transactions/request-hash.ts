/**
 * The idempotency fingerprint of a submission: sha256 of the parsed body without its credentials, as
 * JSON with sorted keys. Parsed, so an omitted optional field and an explicit null (both become null)
 * are the same request; credentials excluded, so a rotated client_secret does not turn a retry into
 * a conflict.
 */
import { createHash } from 'node:crypto';
import type { SubmitTransactionRequest } from '../model/transaction.js';

/** The submission as stored: the request minus client_id and client_secret. */
export type TransactionBody = Omit<SubmitTransactionRequest, 'client_id' | 'client_secret'>;

export function transactionBodyOf(request: SubmitTransactionRequest): TransactionBody {
  return { transaction: request.transaction, remitter: request.remitter, beneficiary: request.beneficiary };
}

/** JSON with object keys sorted at every level; array order is kept (it carries meaning). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** @example requestHash(transactionBodyOf(request)) // '3fa9…' (64 hex digits) */
export function requestHash(body: TransactionBody): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
