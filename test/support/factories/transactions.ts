/** Transaction requests (z.input shapes) and transaction records (z.infer shapes), realistic; override any field. */
import type { z } from 'zod';
import type { RegisteredEntity, RegistrationRequest } from '../../../src/model/registration.js';
import type {
  CryptoTransactionRequest,
  FiatTransactionRequest,
  ListTransactionsQuery,
  Notification,
  SubmitTransactionRequest,
  Transaction,
  TransactionReport,
} from '../../../src/model/transaction.js';
import {
  CREDENTIALS,
  WALLETS,
  aCryptoParticipant,
  aNaturalPerson,
  aPersonParticipant,
} from './participants.js';

/** 2024-05-01T10:00:00Z: fixed, so records built from factories compare equal across runs. */
export const REQUEST_AT = 1714557600000;

export function aFiatTransaction(
  overrides: Partial<z.input<typeof FiatTransactionRequest>> = {},
): z.input<typeof FiatTransactionRequest> {
  return {
    external_transaction_id: 'tx-fiat-20240501-0001',
    transaction_type: 'FIAT',
    sending_amount: 1500,
    sending_currency: 'USD',
    receiving_amount: 6123450,
    receiving_currency: 'COP',
    ...overrides,
  };
}

export function aCryptoTransaction(
  overrides: Partial<z.input<typeof CryptoTransactionRequest>> = {},
): z.input<typeof CryptoTransactionRequest> {
  return {
    external_transaction_id: 'tx-crypto-20240501-0001',
    transaction_type: 'CRYPTO',
    sending_dollar_amount: 2500,
    asset: 'USDT',
    network: 'TRON',
    receiving_wallet: WALLETS.TRON,
    ...overrides,
  };
}

export function aSubmitFiatRequest(
  overrides: Partial<z.input<typeof SubmitTransactionRequest>> = {},
): z.input<typeof SubmitTransactionRequest> {
  return {
    ...CREDENTIALS,
    transaction: aFiatTransaction(),
    remitter: aPersonParticipant(),
    beneficiary: aPersonParticipant({
      external_id: 'bene-000456',
      natural_person: aNaturalPerson({
        full_name: 'Carlos Andrés Pérez Quintero',
        document_number: '80123456',
        birth_date: '1979-11-02',
      }),
    }),
    ...overrides,
  };
}

export function aSubmitCryptoRequest(
  overrides: Partial<z.input<typeof SubmitTransactionRequest>> = {},
): z.input<typeof SubmitTransactionRequest> {
  return {
    ...CREDENTIALS,
    transaction: aCryptoTransaction(),
    remitter: aPersonParticipant(),
    beneficiary: aCryptoParticipant({ crypto: { address: WALLETS.TRON, network: 'TRON', asset: 'USDT' } }),
    ...overrides,
  };
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    webhook: 'https://hooks.example-remit.com/warden/transactions',
    sent_at: REQUEST_AT + 1200,
    successful: true,
    error: null,
    ...overrides,
  };
}

export function aTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 'txn_01HX3V8K2M9Q4R7T',
    transaction_type: 'FIAT',
    state: 'COMPLETED',
    sending_dollar_amount: 1500,
    sending_amount: 1500,
    sending_currency: 'USD',
    receiving_wallet: null,
    reasons_rejection_analysis: null,
    reasons_rejection_operator: null,
    analyzed_at: REQUEST_AT + 850,
    registered_in: REQUEST_AT,
    notification: aNotification(),
    crypto_asset: null,
    crypto_network: null,
    receving_amount: 6123450,
    receiving_currency: 'COP',
    ...overrides,
  };
}

export function aTransactionReport(overrides: Partial<TransactionReport> = {}): TransactionReport {
  return {
    external_transaction_id: 'tx-fiat-20240501-0001',
    request_at: REQUEST_AT,
    analyzed_at: REQUEST_AT + 850,
    transaction: aTransaction(),
    ...overrides,
  };
}

/** As a query string arrives: every value a string. */
export function aListTransactionsQuery(
  overrides: Partial<Record<keyof z.input<typeof ListTransactionsQuery>, string>> = {},
): Record<string, string> {
  return { ...CREDENTIALS, page: '1', limit: '10', ...overrides };
}

export function aRegistrationRequest(
  overrides: Partial<z.input<typeof RegistrationRequest>> = {},
): z.input<typeof RegistrationRequest> {
  return { ...CREDENTIALS, binding_list: true, ...aPersonParticipant(), ...overrides } as z.input<
    typeof RegistrationRequest
  >;
}

export function aRegisteredEntity(overrides: Partial<RegisteredEntity> = {}): RegisteredEntity {
  return {
    id: 'ent_01HX3VA1B2C3D4E5',
    external_id: 'cust-000123',
    entity_type: 'PERSON',
    natural_person: {
      full_name: 'María Fernanda Gómez Restrepo',
      document_type: 'CC',
      document_number: '1020304050',
      nationality: 'COL',
      birth_date: '1988-04-17',
    },
    legal_person: null,
    crypto: null,
    customer_documents: [],
    analyzed_at: REQUEST_AT + 640,
    registered_in: REQUEST_AT,
    risk_level: 'NONE',
    ...overrides,
  };
}
