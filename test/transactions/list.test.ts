import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WardenError } from '../../src/model/errors.js';
import {
  ListTransactionsQuery,
  SubmitTransactionRequest,
  type TransactionState,
} from '../../src/model/transaction.js';
import { TransactionIndex } from '../../src/transactions/index.js';
import { aNaturalPerson, aPersonParticipant } from '../support/factories/participants.js';
import {
  REQUEST_AT,
  aFiatTransaction,
  aListTransactionsQuery,
  aSubmitFiatRequest,
} from '../support/factories/transactions.js';
import { STORE_KINDS, type OpenedStore } from '../support/temp-stores.js';
import { CLIENT, OTHER_CLIENT, aHarness, type Harness } from './harness.js';

const MINUTE = 60_000;
const PEP = aPersonParticipant({
  natural_person: aNaturalPerson({ full_name: 'Jane Q. Senator', nationality: 'USA' }),
});

/** Transaction i (1…25) arrives at REQUEST_AT + i minutes: every 5th is a PEP, every 7th a large amount. */
function theStateOf(i: number): TransactionState {
  return i % 5 === 0 ? 'EVALUATION' : i % 7 === 0 ? 'COMPLIANCE' : 'COMPLETED';
}
const idOf = (i: number) => `tx-${String(i).padStart(3, '0')}`;
const query = (overrides: Record<string, string> = {}) =>
  ListTransactionsQuery.parse(aListTransactionsQuery(overrides));

async function submitMany(h: Harness, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    h.time = REQUEST_AT + i * MINUTE;
    const transaction = aFiatTransaction({
      external_transaction_id: idOf(i),
      sending_amount: i % 7 === 0 ? 50_000 : 100 + i,
    });
    const request = aSubmitFiatRequest({ transaction, ...(i % 5 === 0 ? { remitter: PEP } : {}) });
    await h.service.submit(CLIENT, SubmitTransactionRequest.parse(request));
  }
}

const ids = (list: { items: { external_transaction_id: string }[] }) =>
  list.items.map((r) => r.external_transaction_id);

describe.each(STORE_KINDS)('List Transactions (%s store)', (_kind, open) => {
  let opened: OpenedStore;
  let h: Harness;
  beforeEach(async () => {
    opened = await open();
    h = aHarness(opened.store);
    await submitMany(h, 25);
  });
  afterEach(() => opened.dispose());

  it('pages the latest transactions, newest first', async () => {
    const first = await h.service.list(CLIENT, query());
    expect(ids(first)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16].map(idOf));
    expect(first).toMatchObject({ totalItems: 25, page: 1, totalPages: 3 });
    expect(ids(await h.service.list(CLIENT, query({ page: '3' })))).toEqual([5, 4, 3, 2, 1].map(idOf));
    expect(await h.service.list(CLIENT, query({ page: '4' }))).toEqual({
      items: [],
      totalItems: 25,
      page: 4,
      totalPages: 3,
    });
    const all = await h.service.list(CLIENT, query({ limit: '100' }));
    expect(all.items.map((r) => r.transaction.state)).toEqual(
      [...Array(25).keys()].map((k) => theStateOf(25 - k)),
    );
  });

  it.each([
    ['EVALUATION', [25, 20, 15, 10, 5]],
    ['COMPLIANCE', [21, 14, 7]],
    ['REJECTED', []],
  ] as const)('filters by status %s', async (status, expected) => {
    const list = await h.service.list(CLIENT, query({ status }));
    expect(ids(list)).toEqual(expected.map(idOf));
    expect(list.totalItems).toBe(expected.length);
    expect(list.items.every((r) => r.transaction.state === status)).toBe(true);
  });

  it.each([
    [
      'milliseconds',
      { start_timestamp: String(REQUEST_AT + 3 * MINUTE), end_timestamp: String(REQUEST_AT + 6 * MINUTE) },
      [6, 5, 4, 3],
    ],
    ['seconds', { start_timestamp: String((REQUEST_AT + 23 * MINUTE) / 1000) }, [25, 24, 23]],
    ['an end only', { end_timestamp: String(REQUEST_AT + 2 * MINUTE) }, [2, 1]],
    ['status and time', { status: 'EVALUATION', end_timestamp: String(REQUEST_AT + 12 * MINUTE) }, [10, 5]],
  ])('filters on request_at with inclusive bounds in %s', async (_label, filters, expected) => {
    const list = await h.service.list(CLIENT, query(filters));
    expect(ids(list)).toEqual(expected.map(idOf));
    expect(list.totalItems).toBe(expected.length);
  });

  it('selects one transaction by external_transaction_id, or answers RESOURCE_NOT_FOUND', async () => {
    expect(await h.service.list(CLIENT, query({ external_transaction_id: idOf(7) }))).toEqual({
      items: [(await h.service.find(CLIENT, idOf(7)))!.report],
      totalItems: 1,
      page: 1,
      totalPages: 1,
    });
    expect(
      (await h.service.list(CLIENT, query({ external_transaction_id: idOf(7), status: 'COMPLETED' }))).items,
    ).toEqual([]);
    let error: unknown;
    try {
      await h.service.list(CLIENT, query({ external_transaction_id: 'tx-none' }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WardenError);
    expect((error as WardenError).code).toBe('RESOURCE_NOT_FOUND');
    expect((error as WardenError).message).toBe('No transaction has external_transaction_id "tx-none".');
  });

  it("never shows another client's transactions", async () => {
    expect(await h.service.list(OTHER_CLIENT, query())).toEqual({
      items: [],
      totalItems: 0,
      page: 1,
      totalPages: 0,
    });
    await expect(h.service.list(OTHER_CLIENT, query({ external_transaction_id: idOf(1) }))).rejects.toThrow(
      WardenError,
    );
  });

  it('follows reviews in the status filter', async () => {
    await h.service.review(CLIENT, idOf(20), {
      state: 'REJECTED',
      reasons_rejection_operator: 'Confirmed PEP',
    });
    expect(ids(await h.service.list(CLIENT, query({ status: 'EVALUATION' })))).toEqual(
      [25, 15, 10, 5].map(idOf),
    );
    expect(ids(await h.service.list(CLIENT, query({ status: 'REJECTED' })))).toEqual([idOf(20)]);
  });

  it('lists the same after a reopen', async () => {
    const before = await Promise.all(
      [query(), query({ status: 'COMPLIANCE' }), query({ page: '2', limit: '7' })].map((q) =>
        h.service.list(CLIENT, q),
      ),
    );
    const later = aHarness(await opened.reopen());
    const after = await Promise.all(
      [query(), query({ status: 'COMPLIANCE' }), query({ page: '2', limit: '7' })].map((q) =>
        later.service.list(CLIENT, q),
      ),
    );
    expect(after).toEqual(before);
  });
});

describe('TransactionIndex', () => {
  it('keeps request_at order when a clock goes backwards, and moves entries between states', () => {
    const index = new TransactionIndex(() => [{ id: 'b', at: 20, state: 'COMPLETED' }]);
    index.add('c', { id: 'x', at: 5, state: 'COMPLETED' });
    index.add('c', { id: 'a', at: 10, state: 'PROGRESS' });
    index.add('c', { id: 'late', at: 15, state: 'PROGRESS' });
    index.add('c', { id: 'a', at: 10, state: 'PROGRESS' });
    expect(index.page('c', {}, 1, 10)).toEqual({ ids: ['b', 'late', 'a', 'x'], total: 4 });
    index.move('c', 'a', 10, 'EVALUATION');
    expect(index.page('c', { status: 'PROGRESS' }, 1, 10).ids).toEqual(['late']);
    expect(index.page('c', { status: 'EVALUATION' }, 1, 10).ids).toEqual(['a']);
    expect(index.page('c', { start: 10, end: 15 }, 1, 1)).toEqual({ ids: ['late'], total: 2 });
    expect(index.page('c', { start: 10, end: 15 }, 2, 1)).toEqual({ ids: ['a'], total: 2 });
  });
});
