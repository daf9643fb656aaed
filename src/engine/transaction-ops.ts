/**
 * The engine's transaction side: the transaction service wired to the engine's screening index,
 * wallet analysis, client settings and webhook outbox; each webhook attempt becomes the
 * transaction's `notification`.
 */
import type { ClientRegistry } from '../clients/index.js';
import type { CompiledRuleSet } from '../decision/index.js';
import { ClientSettings } from '../model/client.js';
import { parseOrThrow } from '../model/errors.js';
import { RegistrationRequest } from '../model/registration.js';
import type { IndividualQuery, OrganizationQuery } from '../model/screening.js';
import type { ScreeningResult } from '../model/screening-result.js';
import {
  ListTransactionsQuery,
  SubmitTransactionRequest,
  type TransactionReport,
  type TransactionState,
} from '../model/transaction.js';
import type { WebhookAttempt, WebhookDelivery } from '../model/webhook.js';
import { companyQuery, listsNotLoaded, personQuery } from '../screening/index.js';
import type { Store } from '../store/store.js';
import {
  createTransactionService,
  TRANSACTIONS_COLLECTION,
  type NotifyPort,
  type SuppressionPort,
} from '../transactions/index.js';
import { notificationOf } from '../webhooks/index.js';
import { asLibraryRequest } from './library-request.js';
import type { ClientOperations, ValidatedOperations } from './types.js';
import type { WalletOps } from './wallet-ops.js';
import type { Watchlists } from './watchlists.js';

export interface TransactionOpsOptions {
  readonly store: Store;
  readonly lists: Watchlists;
  readonly rules: CompiledRuleSet;
  readonly clients: ClientRegistry;
  readonly wallet: WalletOps;
  readonly notify: NotifyPort;
  readonly suppressions?: SuppressionPort;
  readonly now: () => number;
  readonly newId: (prefix: string) => string;
  /** Called with the state of every submitted transaction once it is decided. */
  readonly onDecided?: (state: TransactionState) => void;
  readonly screen: {
    individual(clientId: string, query: IndividualQuery, transactionId: string | null): ScreeningResult;
    organization(clientId: string, query: OrganizationQuery, transactionId: string | null): ScreeningResult;
  };
}

type TransactionClientOps = Pick<
  ClientOperations,
  'submitTransaction' | 'getTransactions' | 'reviewTransaction' | 'registerRemitter' | 'registerBeneficiary'
>;

const DEFAULT_SETTINGS = ClientSettings.parse({});

export function createTransactionOps(o: TransactionOpsOptions) {
  const settingsOf = (clientId: string) => {
    try {
      return o.clients.getClient(clientId).settings;
    } catch {
      return DEFAULT_SETTINGS; // the library's own clients need no registration
    }
  };
  const service = createTransactionService({
    store: o.store,
    rules: o.rules,
    settingsOf,
    listVersions: () => o.lists.versionIds(),
    now: o.now,
    newId: () => o.newId('tx'),
    notify: o.notify,
    ...(o.suppressions ? { suppressions: o.suppressions } : {}),
    wallet: { analyze: (clientId, wallet) => o.wallet.forClient(clientId, o.clients).analyzeWallet(wallet) },
    screening: {
      screenPerson: (clientId, p, transactionId) =>
        o.screen.individual(clientId, personQuery(p), transactionId ?? null),
      screenCompany: (clientId, c, transactionId) =>
        o.screen.organization(clientId, companyQuery(c), transactionId ?? null),
    },
  });

  /**
   * Refuses before anything is stored: a transaction or registration screened against no list
   * would be decided as clean (and a stored PROGRESS record would be resumed against none).
   */
  const listed = <T>(operation: () => Promise<T>): Promise<T> =>
    o.lists.loaded ? operation() : Promise.reject(listsNotLoaded());

  const decided = (report: TransactionReport): TransactionReport => {
    o.onDecided?.(report.transaction.state);
    return report;
  };

  /** The dispatcher's attempt callback: transaction webhooks update the record's `notification`. */
  async function onWebhookAttempt(item: WebhookDelivery, attempt: WebhookAttempt): Promise<void> {
    if (item.subject.collection !== TRANSACTIONS_COLLECTION) return;
    await service.recordNotification(item.client_id, item.subject.id, notificationOf(item, attempt));
  }

  // Every operation is async: a bad request rejects the returned promise, never throws before there
  // is one (a caller chaining .catch() would miss it).
  function forClient(clientId: string): TransactionClientOps {
    return {
      submitTransaction: async (request) => {
        const parsed = parseOrThrow(SubmitTransactionRequest, asLibraryRequest(request));
        return decided(await listed(() => service.submit(clientId, parsed)));
      },
      getTransactions: async (query) =>
        service.list(clientId, parseOrThrow(ListTransactionsQuery, asLibraryRequest(query ?? {}))),
      reviewTransaction: (externalTransactionId, review) =>
        service.review(clientId, externalTransactionId, review),
      registerRemitter: async (request) => {
        const parsed = parseOrThrow(RegistrationRequest, asLibraryRequest(request));
        return listed(() => service.registerRemitter(clientId, parsed));
      },
      registerBeneficiary: async (request) => {
        const parsed = parseOrThrow(RegistrationRequest, asLibraryRequest(request));
        return listed(() => service.registerBeneficiary(clientId, parsed));
      },
    };
  }

  /** The same operations for requests already parsed with these schemas (see VALIDATED in types.ts). */
  function forClientValidated(clientId: string): ValidatedOperations {
    return {
      submitTransaction: async (request) =>
        decided(await listed(() => service.submit(clientId, asLibraryRequest(request)))),
      getTransactions: (query) => service.list(clientId, asLibraryRequest(query)),
      registerRemitter: (request) =>
        listed(() => service.registerRemitter(clientId, asLibraryRequest(request))),
      registerBeneficiary: (request) =>
        listed(() => service.registerBeneficiary(clientId, asLibraryRequest(request))),
    };
  }

  return { service, settingsOf, forClient, forClientValidated, onWebhookAttempt };
}
