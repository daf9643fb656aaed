import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { WardenError } from '../../src/model/errors.js';
import { ListTransactionsQuery, SubmitTransactionRequest } from '../../src/model/transaction.js';
import type { FiatTransactionRequest } from '../../src/model/transaction.js';
import {
  TRANSACTION_STATE_CHANGED,
  TRANSACTIONS_COLLECTION,
  transactionBodyOf,
  type StoredTransaction,
  type TransactionWebhookPayload,
  type WalletRiskSummary,
} from '../../src/transactions/index.js';
import type { RecordStore } from '../../src/store/index.js';
import { newTransactionRecord } from '../../src/transactions/transaction-record.js';
import { aCryptoParticipant, aNaturalPerson, aPersonParticipant } from '../support/factories/participants.js';
import {
  aCryptoTransaction,
  aFiatTransaction,
  aListTransactionsQuery,
  aNotification,
  aSubmitCryptoRequest,
  aSubmitFiatRequest,
} from '../support/factories/transactions.js';
import { STORE_KINDS, type OpenedStore } from '../support/temp-stores.js';
import { CLIENT, INVALID_ADDRESS, OTHER_CLIENT, aHarness, type Harness } from './harness.js';

type RequestInput = z.input<typeof SubmitTransactionRequest>;
const submitted = (overrides: Partial<RequestInput> = {}) =>
  SubmitTransactionRequest.parse(aSubmitFiatRequest(overrides));
const withId = (id: string, overrides: Partial<z.input<typeof FiatTransactionRequest>> = {}) =>
  submitted({ transaction: aFiatTransaction({ external_transaction_id: id, ...overrides }) });
const PEP = aPersonParticipant({
  natural_person: aNaturalPerson({ full_name: 'Jane Q. Senator', nationality: 'USA' }),
});
const BIG = { sending_amount: 5_000_000 };

function thrown(error: unknown): WardenError {
  expect(error).toBeInstanceOf(WardenError);
  return error as WardenError;
}

describe.each(STORE_KINDS)('transaction lifecycle (%s store)', (_kind, open) => {
  let opened: OpenedStore;
  let h: Harness;
  beforeEach(async () => {
    opened = await open();
    h = aHarness(opened.store);
  });
  afterEach(() => opened.dispose());

  it('enqueues one webhook per state change, with the documented payload', async () => {
    const report = await h.service.submit(CLIENT, withId('tx-1', BIG));
    expect(h.webhooks).toEqual([
      {
        clientId: CLIENT,
        event: TRANSACTION_STATE_CHANGED,
        subject: { collection: TRANSACTIONS_COLLECTION, id: report.transaction.id },
        deliveryId: `whd_${report.transaction.id}_1`,
        payload: {
          transaction_id: report.transaction.id,
          external_transaction_id: 'tx-1',
          previous_state: 'PROGRESS',
          state: 'COMPLIANCE',
          reasons_rejection_analysis: report.transaction.reasons_rejection_analysis,
          reasons_rejection_operator: null,
          changed_at: report.analyzed_at!,
        } satisfies TransactionWebhookPayload,
      },
    ]);
    const reviewed = await h.service.review(CLIENT, 'tx-1', {
      state: 'COMPLETED',
      reasons_rejection_operator: 'Limit raised',
    });
    expect(h.webhooks.map((w) => w.payload)).toEqual([
      expect.objectContaining({ previous_state: 'PROGRESS', state: 'COMPLIANCE' }),
      expect.objectContaining({
        previous_state: 'COMPLIANCE',
        state: 'COMPLETED',
        reasons_rejection_operator: 'Limit raised',
        reasons_rejection_analysis: reviewed.transaction.reasons_rejection_analysis,
      }),
    ]);
  });

  it('returns the stored record for an equal resubmission, even with other credentials', async () => {
    const first = await h.service.submit(CLIENT, withId('tx-1'));
    const again = await h.service.submit(CLIENT, { ...withId('tx-1'), client_secret: 'sk_rotated_000000' });
    expect(again).toEqual(first);
    expect(await opened.store.records.list(TRANSACTIONS_COLLECTION, CLIENT)).toHaveLength(1);
    expect(h.webhooks).toHaveLength(1);
  });

  it('refuses a different body under a used external_transaction_id', async () => {
    await h.service.submit(CLIENT, withId('tx-1'));
    const error = thrown(
      await h.service.submit(CLIENT, withId('tx-1', { sending_amount: 1501 })).catch((e) => e),
    );
    expect(error.code).toBe('DUPLICATE_TRANSACTION');
    expect(error.status).toBe(409);
    expect(error.path).toEqual(['transaction', 'external_transaction_id']);
    expect(error.message).toBe(
      'external_transaction_id "tx-1" was already used for a different transaction (now COMPLETED); send a new external_transaction_id for a new transaction.',
    );
  });

  it('stores concurrent equal submissions once', async () => {
    const [a, b] = await Promise.all([
      h.service.submit(CLIENT, withId('tx-1')),
      h.service.submit(CLIENT, withId('tx-1')),
    ]);
    expect(b).toEqual(a);
    expect(await opened.store.records.list(TRANSACTIONS_COLLECTION, CLIENT)).toHaveLength(1);
  });

  it('keeps external_transaction_id per client', async () => {
    const mine = await h.service.submit(CLIENT, withId('tx-1'));
    const theirs = await h.service.submit(OTHER_CLIENT, withId('tx-1', BIG));
    expect(theirs.transaction.id).not.toBe(mine.transaction.id);
    const query = ListTransactionsQuery.parse(aListTransactionsQuery({ external_transaction_id: 'tx-1' }));
    expect((await h.service.list(CLIENT, query)).items[0]!.transaction.state).toBe('COMPLETED');
    expect((await h.service.list(OTHER_CLIENT, query)).items[0]!.transaction.state).toBe('COMPLIANCE');
  });

  it('cancels the transaction and rethrows when the analysis fails', async () => {
    const request = submitted({
      transaction: aCryptoTransaction({
        external_transaction_id: 'tx-bad',
        network: 'Ethereum',
        asset: 'USDT',
        receiving_wallet: INVALID_ADDRESS,
      }),
      beneficiary: aCryptoParticipant(),
    });
    const error = thrown(await h.service.submit(CLIENT, request).catch((e) => e));
    expect(error.code).toBe('INVALID_ADDRESS');
    const stored = (await h.service.find(CLIENT, 'tx-bad'))!;
    expect(stored.report.transaction.state).toBe('CANCELLED');
    expect(stored.report.transaction.reasons_rejection_analysis).toBe(
      `Analysis could not finish: address "${INVALID_ADDRESS}" is not a valid Ethereum address.`,
    );
    expect(stored.history.at(-1)).toMatchObject({ from: 'PROGRESS', to: 'CANCELLED', by: 'SERVICE' });
    expect(h.webhooks.map((w) => (w.payload as TransactionWebhookPayload).state)).toEqual(['CANCELLED']);
  });

  it.each([
    ['EVALUATION', PEP, {}, 'REJECTED', 'Confirmed PEP without source of funds', 'REJECTED'],
    ['EVALUATION', PEP, {}, 'COMPLETED', null, 'COMPLETED'],
    ['COMPLIANCE', undefined, BIG, 'CANCELLED', 'Client withdrew the payment', 'CANCELLED'],
    ['COMPLIANCE', undefined, BIG, 'COMPLETED', 'Within the new limit', 'COMPLETED'],
    ['COMPLIANCE', undefined, BIG, 'REJECTED', null, 'VALIDATION_ERROR'],
    ['COMPLIANCE', undefined, BIG, 'EVALUATION', 'Second look', 'INVALID_STATE_TRANSITION'],
    ['COMPLETED', undefined, {}, 'REJECTED', 'Too late', 'INVALID_STATE_TRANSITION'],
  ] as const)('review %s → %s (%s) gives %s', async (from, remitter, amount, to, reason, expected) => {
    const transaction = aFiatTransaction({ external_transaction_id: 'tx-r', ...amount });
    const before = await h.service.submit(
      CLIENT,
      submitted({ transaction, ...(remitter ? { remitter } : {}) }),
    );
    expect(before.transaction.state).toBe(from);
    const outcome = await h.service
      .review(CLIENT, 'tx-r', { state: to, reasons_rejection_operator: reason })
      .catch((e: unknown) => thrown(e));
    if (outcome instanceof WardenError) {
      expect(outcome.code).toBe(expected);
      expect((await h.service.find(CLIENT, 'tx-r'))!.report.transaction.state).toBe(from);
      expect(h.webhooks).toHaveLength(1);
      return;
    }
    expect(outcome.transaction.state).toBe(expected);
    expect(outcome.transaction.reasons_rejection_operator).toBe(reason);
    expect(outcome.transaction.reasons_rejection_analysis).toBe(
      before.transaction.reasons_rejection_analysis,
    );
    expect(outcome.transaction.analyzed_at).toBe(before.transaction.analyzed_at);
    expect('rejected_at' in outcome.transaction).toBe(expected === 'REJECTED');
    expect((await h.service.find(CLIENT, 'tx-r'))!.history.at(-1)).toMatchObject({
      from,
      to,
      by: 'OPERATOR',
    });
    expect(h.webhooks).toHaveLength(2);
  });

  it('answers RESOURCE_NOT_FOUND when reviewing an unknown transaction', async () => {
    const error = thrown(await h.service.review(CLIENT, 'tx-none', { state: 'COMPLETED' }).catch((e) => e));
    expect(error.code).toBe('RESOURCE_NOT_FOUND');
    expect(error.message).toBe('No transaction has external_transaction_id "tx-none".');
  });

  it("records each webhook attempt as the transaction's notification, ignoring older attempts", async () => {
    const report = await h.service.submit(CLIENT, withId('tx-1'));
    const failed = aNotification({ sent_at: 2_000, successful: false, error: 'HTTP 503' });
    const ok = aNotification({ sent_at: 3_000 });
    expect(await h.service.recordNotification(CLIENT, report.transaction.id, failed)).toBe(true);
    expect(await h.service.recordNotification(CLIENT, report.transaction.id, ok)).toBe(true);
    expect(await h.service.recordNotification(CLIENT, report.transaction.id, failed)).toBe(true);
    expect((await h.service.find(CLIENT, 'tx-1'))!.report.transaction.notification).toEqual(ok);
    expect(await h.service.recordNotification(OTHER_CLIENT, report.transaction.id, ok)).toBe(false);
  });

  it('keeps transactions, audit and idempotency across a reopen', async () => {
    const first = await h.service.submit(CLIENT, withId('tx-1', BIG));
    const store = await opened.reopen();
    const later = aHarness(store);
    expect((await later.service.find(CLIENT, 'tx-1'))!.audit!.facts_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await later.service.submit(CLIENT, withId('tx-1', BIG))).toEqual(first);
    const reviewed = await later.service.review(CLIENT, 'tx-1', { state: 'COMPLETED' });
    const again = aHarness(await opened.reopen());
    expect((await again.service.find(CLIENT, 'tx-1'))!.report).toEqual(reviewed);
  });

  it('writes a transaction decided in-process once, final, with its creation in the history', async () => {
    const puts: string[] = [];
    const records = opened.store.records;
    const counted: RecordStore = {
      put: (record, options) => {
        if (record.collection === TRANSACTIONS_COLLECTION) {
          puts.push((record.data as StoredTransaction).report.transaction.state);
        }
        return records.put(record, options);
      },
      putAll: (batch, options) => {
        for (const record of batch) {
          if (record.collection === TRANSACTIONS_COLLECTION) {
            puts.push((record.data as StoredTransaction).report.transaction.state);
          }
        }
        return records.putAll(batch, options);
      },
      delete: (collection, clientId, id) => records.delete(collection, clientId, id),
      deleteAll: (refs) => records.deleteAll(refs),
      get: (collection, clientId, id) => records.get(collection, clientId, id),
      getByKey: (collection, clientId, key) => records.getByKey(collection, clientId, key),
      list: (collection, clientId) => records.list(collection, clientId),
      entry: (collection, clientId, id) => records.entry(collection, clientId, id),
      entryByKey: (collection, clientId, key) => records.entryByKey(collection, clientId, key),
      entries: (collection, clientId) => records.entries(collection, clientId),
    };
    const counting = aHarness({ ...opened.store, records: counted });
    const report = await counting.service.submit(CLIENT, withId('tx-once', BIG));
    expect(puts).toEqual(['COMPLIANCE']);
    expect(
      (await counting.service.find(CLIENT, 'tx-once'))!.history.map((c) => [c.from, c.to, c.by]),
    ).toEqual([
      [null, 'PROGRESS', 'SERVICE'],
      ['PROGRESS', 'COMPLIANCE', 'ENGINE'],
    ]);
    const query = ListTransactionsQuery.parse(aListTransactionsQuery({ status: 'COMPLIANCE' }));
    expect((await counting.service.list(CLIENT, query)).items).toEqual([report]);
  });

  it('stores PROGRESS before waiting on an asynchronous wallet analysis, then the decision', async () => {
    let answer: (summary: WalletRiskSummary) => void = () => undefined;
    const pending = new Promise<WalletRiskSummary>((resolve) => (answer = resolve));
    const slow = aHarness(opened.store, { wallet: { analyze: () => pending } });
    const submitting = slow.service.submit(CLIENT, SubmitTransactionRequest.parse(aSubmitCryptoRequest()));
    await vi.waitUntil(
      async () => (await slow.service.find(CLIENT, 'tx-crypto-20240501-0001')) !== undefined,
    );
    const progress = ListTransactionsQuery.parse(aListTransactionsQuery({ status: 'PROGRESS' }));
    expect((await slow.service.list(CLIENT, progress)).totalItems).toBe(1);
    // What a restart now would find and resume.
    expect(await opened.store.records.list(TRANSACTIONS_COLLECTION, CLIENT)).toHaveLength(1);
    answer({ risk_level: 'NONE', alerts: [], directExposure: { direct: null } });
    const report = await submitting;
    expect(report.transaction.state).toBe('COMPLETED');
    expect((await slow.service.list(CLIENT, progress)).totalItems).toBe(0);
    expect((await slow.service.find(CLIENT, 'tx-crypto-20240501-0001'))!.history.map((c) => c.to)).toEqual([
      'PROGRESS',
      'COMPLETED',
    ]);
    expect(slow.webhooks.map((w) => (w.payload as TransactionWebhookPayload).previous_state)).toEqual([
      'PROGRESS',
    ]);
  });

  it('cancels a transaction whose asynchronous wallet analysis fails, after storing PROGRESS', async () => {
    const failing = aHarness(opened.store, {
      wallet: {
        analyze: () => Promise.reject(new WardenError('INVALID_ADDRESS', 'address "x" is not valid.')),
      },
    });
    const request = SubmitTransactionRequest.parse(aSubmitCryptoRequest());
    expect(thrown(await failing.service.submit(CLIENT, request).catch((e) => e)).code).toBe(
      'INVALID_ADDRESS',
    );
    const stored = (await failing.service.find(CLIENT, 'tx-crypto-20240501-0001'))!;
    expect(stored.report.transaction.state).toBe('CANCELLED');
    expect(stored.history.map((c) => [c.from, c.to, c.by])).toEqual([
      [null, 'PROGRESS', 'SERVICE'],
      ['PROGRESS', 'CANCELLED', 'SERVICE'],
    ]);
  });

  it('decides a transaction an interrupted process left in PROGRESS', async () => {
    const body = transactionBodyOf(withId('tx-crash'));
    const stored = newTransactionRecord(body, 'txn_crash', 1_000, 1500);
    await opened.store.records.put<StoredTransaction>({
      collection: TRANSACTIONS_COLLECTION,
      id: 'txn_crash',
      client_id: CLIENT,
      key: 'tx-crash',
      created_at: 1_000,
      updated_at: 1_000,
      // As the service writes it: the tag is the state (resumeInterrupted scans tags, not bodies).
      tag: 'PROGRESS',
      data: stored,
    });
    const later = aHarness(await opened.reopen());
    expect(await later.service.resumeInterrupted()).toBe(1);
    expect((await later.service.find(CLIENT, 'tx-crash'))!.report.transaction.state).toBe('COMPLETED');
    expect(later.webhooks.map((w) => (w.payload as TransactionWebhookPayload).previous_state)).toEqual([
      'PROGRESS',
    ]);
    expect(await later.service.resumeInterrupted()).toBe(0);
  });
});
