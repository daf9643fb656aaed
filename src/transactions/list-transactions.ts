/**
 * List Transactions (check status): a page of a client's reports, newest first, from the in-memory
 * list view; or, with external_transaction_id, the one transaction (404 when there is none).
 */
import { WardenError } from '../model/errors.js';
import type { ListTransactionsQuery, TransactionList, TransactionReport } from '../model/transaction.js';
import type { RecordStore } from '../store/store.js';
import type { TransactionIndex } from './transaction-index.js';
import { TRANSACTIONS_COLLECTION, type StoredTransaction } from './transaction-record.js';

/** The spec's 404: RESOURCE_NOT_FOUND when no transaction exists for the identifier. */
export function transactionNotFound(externalTransactionId: string): WardenError {
  return new WardenError(
    'RESOURCE_NOT_FOUND',
    `No transaction has external_transaction_id "${externalTransactionId}".`,
    { path: ['external_transaction_id'] },
  );
}

export async function listTransactions(
  records: RecordStore,
  index: TransactionIndex,
  clientId: string,
  query: ListTransactionsQuery,
): Promise<TransactionList> {
  const { page, limit, status, start_timestamp: start, end_timestamp: end } = query;
  if (query.external_transaction_id !== undefined) {
    const record = await records.getByKey<StoredTransaction>(
      TRANSACTIONS_COLLECTION,
      clientId,
      query.external_transaction_id,
    );
    if (!record) throw transactionNotFound(query.external_transaction_id);
    const { report } = record.data;
    // The other filters still apply, so a status check can ask "is tx-9 COMPLETED yet?".
    const matches =
      (status === undefined || report.transaction.state === status) &&
      (start === undefined || report.request_at >= start) &&
      (end === undefined || report.request_at <= end);
    const items = matches && page === 1 ? [report] : [];
    return { items, totalItems: matches ? 1 : 0, page, totalPages: matches ? 1 : 0 };
  }
  const found = index.page(clientId, { status, start, end }, page, limit);
  const items: TransactionReport[] = [];
  const read = await Promise.all(
    found.ids.map((id) => records.get<StoredTransaction>(TRANSACTIONS_COLLECTION, clientId, id)),
  );
  for (const record of read) if (record) items.push(record.data.report);
  return { items, totalItems: found.total, page, totalPages: Math.ceil(found.total / limit) };
}
