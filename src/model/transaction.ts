/**
 * Transaction screening (spec: Submit Transaction, List Transactions): the submit request, the
 * Transaction object with its webhook Notification, the TransactionReport list item and the list query.
 */
import { z } from 'zod';
import { Asset, Network, checkNetworkAsset } from './coins.js';
import { ClientCredentials, EXAMPLE_CREDENTIALS } from './credentials.js';
import { discriminatorError } from './issue-messages.js';
import { PageQuery, pageOf } from './page.js';
import { Participant } from './participant.js';
import { CurrencyCode } from './reference.js';
import { EpochMillis, PositiveAmount, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const TransactionType = z.enum(['FIAT', 'CRYPTO']);
export type TransactionType = z.infer<typeof TransactionType>;

/** PROGRESS until decided; COMPLIANCE = over the client's thresholds; CANCELLED by the service. */
export const TransactionState = z.enum([
  'PROGRESS',
  'COMPLETED',
  'REJECTED',
  'EVALUATION',
  'COMPLIANCE',
  'CANCELLED',
]);
export type TransactionState = z.infer<typeof TransactionState>;
nameSchema(TransactionState, 'TransactionState');

const externalTransactionId = RequiredText.describe(
  "Client's identifier of the transaction (client guidance also calls it client_transaction_id)",
);

export const FiatTransactionRequest = z.object({
  external_transaction_id: externalTransactionId,
  transaction_type: z.literal('FIAT'),
  sending_amount: PositiveAmount.describe('Amount in sending_currency'),
  sending_currency: CurrencyCode,
  receiving_amount: PositiveAmount.describe('Amount in receiving_currency'),
  receiving_currency: CurrencyCode,
  sending_dollar_amount: PositiveAmount.nullable()
    .default(null)
    .describe(
      'Warden addition, optional: USD value, used by amount thresholds; the spec sends it for CRYPTO only',
    ),
});
export type FiatTransactionRequest = z.infer<typeof FiatTransactionRequest>;

export const CryptoTransactionRequest = z
  .object({
    external_transaction_id: externalTransactionId,
    transaction_type: z.literal('CRYPTO'),
    sending_dollar_amount: PositiveAmount.describe('USD value at the time of the request'),
    asset: Asset,
    network: Network,
    receiving_wallet: RequiredText.describe('Destination address'),
  })
  .check(checkNetworkAsset);
export type CryptoTransactionRequest = z.infer<typeof CryptoTransactionRequest>;

export const TransactionRequest = z.discriminatedUnion(
  'transaction_type',
  [FiatTransactionRequest, CryptoTransactionRequest],
  { error: discriminatorError('transaction_type', TransactionType.options) },
);
export type TransactionRequest = z.infer<typeof TransactionRequest>;
nameSchema(TransactionRequest, 'TransactionRequest');

export const SubmitTransactionRequest = ClientCredentials.extend({
  transaction: TransactionRequest,
  remitter: Participant,
  beneficiary: Participant,
});
export type SubmitTransactionRequest = z.infer<typeof SubmitTransactionRequest>;
export type SubmitTransactionRequestInput = z.input<typeof SubmitTransactionRequest>;
nameSchema(SubmitTransactionRequest, 'SubmitTransactionRequest', [
  {
    ...EXAMPLE_CREDENTIALS,
    transaction: {
      external_transaction_id: 'tx-2026-0001',
      transaction_type: 'FIAT',
      sending_amount: 250,
      sending_currency: 'USD',
      receiving_amount: 1020000,
      receiving_currency: 'COP',
    },
    remitter: {
      external_id: 'cust-77',
      entity_type: 'PERSON',
      natural_person: { full_name: 'Maria Fernanda Lopez', nationality: 'COL', birth_date: '1988-04-12' },
    },
    beneficiary: {
      external_id: 'cust-78',
      entity_type: 'PERSON',
      natural_person: { full_name: 'Juan Carlos Perez' },
    },
  },
]);

export const Notification = z
  .object({
    webhook: z.string().describe('URL the notification was sent to'),
    sent_at: EpochMillis.describe('Time of the attempt'),
    successful: z.boolean().describe('True when the receiver answered 2xx'),
    error: z.string().nullable().describe('Why delivery failed; null when successful'),
  })
  .describe('Outcome of the latest webhook delivery attempt');
export type Notification = z.infer<typeof Notification>;
nameSchema(Notification, 'Notification');

export const Transaction = z.object({
  id: z.string().describe('Internal transaction identifier'),
  transaction_type: TransactionType,
  state: TransactionState,
  sending_dollar_amount: z
    .number()
    .nullable()
    .describe('USD value at request time; null for a FIAT transaction sent without it'),
  sending_amount: z
    .number()
    .nullable()
    .describe('Amount in sending_currency; null for CRYPTO, whose request carries only the USD value'),
  sending_currency: z.union([CurrencyCode, Asset]).describe('ISO 4217 code (FIAT) or asset symbol (CRYPTO)'),
  receiving_wallet: z.string().nullable().describe('Destination address; null for FIAT'),
  reasons_rejection_analysis: z.string().nullable().describe('Reason from the automated analysis'),
  reasons_rejection_operator: z.string().nullable().describe('Notes of a compliance officer'),
  rejected_at: EpochMillis.optional().describe('Present only when the state is REJECTED'),
  analyzed_at: EpochMillis.nullable().describe('Analysis end; null while PROGRESS'),
  registered_in: EpochMillis.describe('Registration time'),
  notification: Notification.nullable().describe('Null until a webhook delivery was attempted'),
  crypto_asset: Asset.nullable(),
  crypto_network: Network.nullable(),
  receving_amount: z.number().nullable().describe('Spelled so by the spec; FIAT receiving amount, else null'),
  receiving_currency: CurrencyCode.nullable(),
});
export type Transaction = z.infer<typeof Transaction>;
nameSchema(Transaction, 'Transaction');

export const TransactionReport = z.object({
  external_transaction_id: z.string(),
  request_at: EpochMillis.describe('When the request was first received'),
  analyzed_at: EpochMillis.nullable().describe('When the analysis finished; null while PROGRESS'),
  transaction: Transaction,
});
export type TransactionReport = z.infer<typeof TransactionReport>;
nameSchema(TransactionReport, 'TransactionReport', [
  {
    external_transaction_id: 'tx-2026-0001',
    request_at: 1777629630000,
    analyzed_at: 1777629630000,
    transaction: {
      id: 'tx_333b6d02-f246-4a16-9080-ab3df88dc2c6',
      transaction_type: 'FIAT',
      state: 'COMPLETED',
      sending_dollar_amount: 250,
      sending_amount: 250,
      sending_currency: 'USD',
      receiving_wallet: null,
      reasons_rejection_analysis: null,
      reasons_rejection_operator: null,
      analyzed_at: 1777629630000,
      registered_in: 1777629630000,
      notification: null,
      crypto_asset: null,
      crypto_network: null,
      receving_amount: 1020000,
      receiving_currency: 'COP',
    },
  },
]);

/** Submit Transaction answers 201 with the report of the transaction, decided in the same request. */
export const SubmitTransactionResponse = TransactionReport;
export type SubmitTransactionResponse = z.infer<typeof SubmitTransactionResponse>;

export const TransactionList = pageOf(TransactionReport);
export type TransactionList = z.infer<typeof TransactionList>;
nameSchema(TransactionList, 'TransactionList');

// The spec observed ten-digit (seconds) values; below 1e11 a value is read as seconds. 1e11 ms is
// 1973-03-03, so no millisecond timestamp of a real transaction is misread.
const SECONDS_BELOW = 1e11;
const queryTimestamp = z.coerce
  .number()
  .int({ error: 'must be a whole number of seconds or milliseconds since 1970' })
  .nonnegative({ error: 'must be a whole number of seconds or milliseconds since 1970' })
  .overwrite((value) => (value < SECONDS_BELOW ? value * 1000 : value));

export const ListTransactionsQuery = ClientCredentials.extend(PageQuery.shape)
  .extend({
    external_transaction_id: RequiredText.optional().describe('Selects one transaction'),
    status: TransactionState.optional(),
    start_timestamp: queryTimestamp
      .optional()
      .describe('Inclusive lower bound of registered_in; epoch seconds or ms, returned as ms'),
    end_timestamp: queryTimestamp
      .optional()
      .describe('Inclusive upper bound of registered_in; epoch seconds or ms, returned as ms'),
  })
  .check((ctx) => {
    const { start_timestamp: start, end_timestamp: end } = ctx.value;
    if (start !== undefined && end !== undefined && start > end) {
      ctx.issues.push({
        code: 'custom',
        message: 'must not be before start_timestamp',
        input: end,
        path: ['end_timestamp'],
      });
    }
  });
export type ListTransactionsQuery = z.infer<typeof ListTransactionsQuery>;
