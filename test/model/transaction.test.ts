import { describe, expect, it } from 'vitest';
import {
  ListTransactionsQuery,
  SubmitTransactionRequest,
  Transaction,
  TransactionList,
  TransactionReport,
} from '../../src/model/transaction.js';
import {
  aCryptoTransaction,
  aFiatTransaction,
  aListTransactionsQuery,
  aNotification,
  aSubmitCryptoRequest,
  aSubmitFiatRequest,
  aTransaction,
  aTransactionReport,
} from '../support/factories.js';
import { withValueAt, withoutKeyAt } from '../support/mutate.js';
import { requestErrorOf, validationErrorOf } from '../support/validation.js';

describe('SubmitTransactionRequest', () => {
  it('parses a FIAT submission', () => {
    const parsed = SubmitTransactionRequest.parse(aSubmitFiatRequest());
    expect(parsed.transaction).toEqual({ ...aFiatTransaction(), sending_dollar_amount: null });
    expect(parsed.remitter.entity_type).toBe('PERSON');
  });

  it('parses a CRYPTO submission, canonicalizing network and asset', () => {
    const parsed = SubmitTransactionRequest.parse(
      aSubmitCryptoRequest({ transaction: aCryptoTransaction({ network: 'trx', asset: 'usdt' }) }),
    );
    expect(parsed.transaction).toMatchObject({ transaction_type: 'CRYPTO', network: 'TRON', asset: 'USDT' });
  });

  it('keeps an optional USD value on a FIAT transaction', () => {
    const parsed = SubmitTransactionRequest.parse(
      aSubmitFiatRequest({
        transaction: aFiatTransaction({ sending_currency: 'EUR', sending_dollar_amount: 1630.5 }),
      }),
    );
    expect(parsed.transaction.sending_dollar_amount).toBe(1630.5);
  });

  it.each([
    [aSubmitFiatRequest(), ['transaction', 'sending_amount'], -1, 'must be a positive number'],
    [aSubmitFiatRequest(), ['transaction', 'sending_amount'], 0, 'must be a positive number'],
    [aSubmitFiatRequest(), ['transaction', 'receiving_amount'], '100', 'expected number'],
    [
      aSubmitFiatRequest(),
      ['transaction', 'sending_currency'],
      'XXY',
      'must be an ISO 4217 currency code, got "XXY"',
    ],
    [
      aSubmitFiatRequest(),
      ['transaction', 'receiving_currency'],
      'USDT',
      'must be an ISO 4217 currency code',
    ],
    [aSubmitFiatRequest(), ['transaction', 'external_transaction_id'], '', 'must not be empty'],
    [aSubmitCryptoRequest(), ['transaction', 'sending_dollar_amount'], -2500, 'must be a positive number'],
    [aSubmitCryptoRequest(), ['transaction', 'network'], 'Litecoin', 'must be a network of the coin catalog'],
    [aSubmitCryptoRequest(), ['transaction', 'asset'], 'DOGE', 'must be an asset of the coin catalog'],
    [aSubmitCryptoRequest(), ['transaction', 'receiving_wallet'], null, 'expected string'],
    [
      aSubmitCryptoRequest(),
      ['transaction', 'transaction_type'],
      'WIRE',
      'must be one of FIAT, CRYPTO, got "WIRE"',
    ],
    [aSubmitCryptoRequest(), ['remitter', 'natural_person', 'nationality'], 'XYZ', 'alpha-3'],
    [
      aSubmitCryptoRequest(),
      ['beneficiary', 'crypto', 'asset'],
      'BTC',
      'asset BTC is not available on network TRON',
    ],
    [aSubmitCryptoRequest(), ['client_id'], '', 'is required'],
  ])('rejects case %# (%j = %j)', (request, path, value, message) => {
    const error = validationErrorOf(SubmitTransactionRequest, withValueAt(request, path, value));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
    expect(error.message).toContain(String(path[path.length - 1]));
    expect(error.message).toContain(message);
  });

  it.each([
    ['FIAT', aSubmitFiatRequest(), 'receiving_currency'],
    ['CRYPTO', aSubmitCryptoRequest(), 'receiving_wallet'],
  ])('requires the %s field %s', (_type, request, field) => {
    const error = validationErrorOf(SubmitTransactionRequest, withoutKeyAt(request, ['transaction', field]));
    expect(error.path).toEqual(['transaction', field]);
  });

  it('refuses USDC on Bitcoin with INVALID_NETWORK_ASSET and the catalog sentence', () => {
    const request = aSubmitCryptoRequest({
      transaction: aCryptoTransaction({ network: 'Bitcoin', asset: 'USDC' }),
    });
    const error = requestErrorOf(SubmitTransactionRequest, request);
    expect(error.code).toBe('INVALID_NETWORK_ASSET');
    expect(error.status).toBe(400);
    expect(error.path).toEqual(['transaction', 'asset']);
    expect(error.message).toBe(
      'transaction.asset: asset USDC is not available on network Bitcoin; Bitcoin supports BTC',
    );
  });

  it('keeps VALIDATION_ERROR for other problems through parseRequest', () => {
    const error = requestErrorOf(
      SubmitTransactionRequest,
      withValueAt(aSubmitFiatRequest(), ['transaction', 'sending_amount'], -1),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
  });
});

describe('Transaction records', () => {
  it('parses a FIAT transaction report with its webhook notification', () => {
    expect(TransactionReport.parse(aTransactionReport())).toEqual(aTransactionReport());
  });

  it('parses a rejected CRYPTO transaction with rejected_at and a failed delivery', () => {
    const rejected = aTransaction({
      transaction_type: 'CRYPTO',
      state: 'REJECTED',
      sending_amount: null,
      sending_currency: 'USDT',
      receiving_wallet: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      reasons_rejection_analysis: 'Beneficiary wallet has direct exposure to a sanctioned entity',
      rejected_at: 1714557600900,
      crypto_asset: 'USDT',
      crypto_network: 'TRON',
      receving_amount: null,
      receiving_currency: null,
      notification: aNotification({ successful: false, error: 'connect ECONNREFUSED 203.0.113.7:443' }),
    });
    expect(Transaction.parse(rejected)).toEqual(rejected);
  });

  it('accepts every state the spec defines', () => {
    for (const state of [
      'PROGRESS',
      'COMPLETED',
      'REJECTED',
      'EVALUATION',
      'COMPLIANCE',
      'CANCELLED',
    ] as const) {
      expect(Transaction.parse(aTransaction({ state })).state).toBe(state);
    }
  });

  it.each([
    [['state'], 'APPROVED'],
    [['transaction_type'], 'SEPA'],
    [['notification', 'successful'], 'yes'],
    [['registered_in'], 1.5],
    [['receiving_currency'], 'ABC'],
  ])('rejects %j = %j', (path, value) => {
    expect(validationErrorOf(Transaction, withValueAt(aTransaction(), path, value)).path).toEqual(path);
  });

  it('parses the list envelope', () => {
    const page = { items: [aTransactionReport()], totalItems: 31, page: 2, totalPages: 4 };
    expect(TransactionList.parse(page)).toEqual(page);
  });
});

describe('ListTransactionsQuery', () => {
  it('applies the spec defaults: page 1, limit 10', () => {
    const { page: _page, limit: _limit, ...rest } = aListTransactionsQuery();
    expect(ListTransactionsQuery.parse(rest)).toMatchObject({ page: 1, limit: 10 });
  });

  it('coerces query strings and reads ten-digit timestamps as seconds', () => {
    const parsed = ListTransactionsQuery.parse(
      aListTransactionsQuery({
        page: '3',
        limit: '100',
        status: 'REJECTED',
        start_timestamp: '1714521600',
        end_timestamp: '1714607999000',
      }),
    );
    expect(parsed).toMatchObject({
      page: 3,
      limit: 100,
      status: 'REJECTED',
      start_timestamp: 1714521600000,
      end_timestamp: 1714607999000,
    });
  });

  it.each([
    [{ limit: '101' }, ['limit'], 'between 1 and 100'],
    [{ limit: '0' }, ['limit'], 'between 1 and 100'],
    [{ page: '0' }, ['page'], 'must be 1 or more'],
    [{ page: 'two' }, ['page'], 'expected number'],
    [{ status: 'DONE' }, ['status'], 'Invalid option'],
    [
      { start_timestamp: '1714607999', end_timestamp: '1714521600' },
      ['end_timestamp'],
      'must not be before start_timestamp',
    ],
    [{ client_secret: '' }, ['client_secret'], 'is required'],
  ])('rejects %j', (overrides, path, message) => {
    const error = validationErrorOf(ListTransactionsQuery, aListTransactionsQuery(overrides));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });
});
