/**
 * The engine's public contract: what a host service gets from `createEngine()` and what the HTTP
 * adapter (`warden serve`) delegates to. Every operation takes and returns the spec's shapes
 * (typed from src/model); client credentials are not part of it — the adapter authenticates and
 * then calls the operations of `engine.forClient(clientId)`.
 */
import type { z } from 'zod';
import type { ImportSummary, ListVersion, EntityChange } from '../model/list-version.js';
import type {
  IndividualScreeningRequestInput,
  OrganizationScreeningRequestInput,
  SummaryScreeningRequestInput,
  SummaryScreeningResponse,
} from '../model/screening.js';
import type { ScreeningResult } from '../model/screening-result.js';
import type { WalletAnalysisRequestInput, WalletRiskAnalysis } from '../model/wallet.js';
import type {
  BlacklistList,
  BlacklistRecord,
  BlacklistSettings,
  CreateBlacklistRequestInput,
  DeleteBlacklistResponse,
  ListBlacklistQuery,
  UpdateBlacklistRequest,
  UpdateBlacklistSettingsRequest,
} from '../model/blacklist.js';
import type {
  ListTransactionsQuery,
  SubmitTransactionRequest,
  SubmitTransactionRequestInput,
  TransactionList,
  TransactionReport,
} from '../model/transaction.js';
import type {
  RegisteredEntity,
  RegistrationRequest,
  RegistrationRequestInput,
} from '../model/registration.js';
import type { ClientRegistry } from '../clients/index.js';
import type { OnboardingService } from '../onboarding/index.js';
import type { ReviewService, ReviewerRegistry } from '../review/index.js';
import type { Store } from '../store/store.js';
import type { EngineObserver } from './engine-observer.js';
import type { ListSource } from './import-list.js';
import type { ActiveLists, ListVersionListener } from './watchlists.js';

/** Credentials are optional in the library: the engine already knows which client it serves. */
export type WithoutCredentials<T> = Omit<T, 'client_id' | 'client_secret'> & {
  client_id?: string;
  client_secret?: string;
};

export interface TransactionReview {
  readonly state: 'COMPLETED' | 'REJECTED' | 'CANCELLED';
  readonly reasons_rejection_operator?: string | null;
}

/** Everything a client can do; `engine.forClient(id)` binds it to one client's records. */
export interface ClientOperations {
  readonly clientId: string;
  screenIndividual(request: WithoutCredentials<IndividualScreeningRequestInput>): ScreeningResult;
  screenOrganization(request: WithoutCredentials<OrganizationScreeningRequestInput>): ScreeningResult;
  screenSummary(request: WithoutCredentials<SummaryScreeningRequestInput>): SummaryScreeningResponse;
  analyzeWallet(request: WithoutCredentials<WalletAnalysisRequestInput>): WalletRiskAnalysis;

  submitTransaction(request: WithoutCredentials<SubmitTransactionRequestInput>): Promise<TransactionReport>;
  getTransactions(
    query?: WithoutCredentials<z.input<typeof ListTransactionsQuery>>,
  ): Promise<TransactionList>;
  reviewTransaction(externalTransactionId: string, review: TransactionReview): Promise<TransactionReport>;
  registerRemitter(request: WithoutCredentials<RegistrationRequestInput>): Promise<RegisteredEntity>;
  registerBeneficiary(request: WithoutCredentials<RegistrationRequestInput>): Promise<RegisteredEntity>;

  createBlacklistRecord(request: WithoutCredentials<CreateBlacklistRequestInput>): Promise<BlacklistRecord>;
  listBlacklist(query?: WithoutCredentials<z.input<typeof ListBlacklistQuery>>): BlacklistList;
  getBlacklistRecord(id: string): BlacklistRecord;
  updateBlacklistRecord(
    id: string,
    patch: WithoutCredentials<z.input<typeof UpdateBlacklistRequest>>,
  ): Promise<BlacklistRecord>;
  deleteBlacklistRecord(id: string): Promise<DeleteBlacklistResponse>;
  getBlacklistSettings(): BlacklistSettings;
  updateBlacklistSettings(
    patch: WithoutCredentials<z.input<typeof UpdateBlacklistSettingsRequest>>,
  ): Promise<BlacklistSettings>;
}

/**
 * The key of the engine's internal door for requests that were already parsed with the very
 * schemas `ClientOperations` parse with (the HTTP adapter's validator does exactly that), so a body
 * is parsed once per request, not twice. Not exported from src/index.ts: a library caller goes
 * through `forClient`, which always parses.
 */
export const VALIDATED: unique symbol = Symbol('warden.validatedOperations');

/**
 * Transaction operations taking the *output* of their request schema. The credentials in it are
 * not passed on to the service (it gets the library's placeholders, as after `forClient`'s parse).
 */
export interface ValidatedOperations {
  submitTransaction(request: SubmitTransactionRequest): Promise<TransactionReport>;
  getTransactions(query: ListTransactionsQuery): Promise<TransactionList>;
  registerRemitter(request: RegistrationRequest): Promise<RegisteredEntity>;
  registerBeneficiary(request: RegistrationRequest): Promise<RegisteredEntity>;
}

export interface ImportListRequest {
  readonly source: ListSource;
  readonly path: string;
  readonly listName?: string;
}

export interface Engine extends ClientOperations {
  readonly store: Store;
  readonly clients: ClientRegistry;
  /** Onboarding flows; every operation takes the client id first. */
  readonly onboarding: OnboardingService;
  /** Reviewers of each client and their decisions on stopped items (issue #30). */
  readonly review: { readonly reviewers: ReviewerRegistry; readonly desk: ReviewService };
  /** The operations of one client (the engine itself serves the "default" client). */
  forClient(clientId: string): ClientOperations;
  /** Internal (see VALIDATED): one client's operations on already-parsed requests. */
  [VALIDATED](clientId: string): ValidatedOperations;

  /**
   * Imports a list file as a new version and makes it active at once. A big file is read, and many
   * entities indexed, on a worker thread: screening goes on meanwhile, against the previous version.
   */
  importList(request: ImportListRequest): Promise<ImportSummary>;
  /** Makes the latest stored version of every list active (after an import through `store`). */
  reloadLists(): Promise<ActiveLists>;
  /** Every stored version, oldest first. */
  listVersions(): Promise<ListVersion[]>;
  diffListVersions(fromId: string, toId: string): Promise<EntityChange[]>;
  /** The versions screening runs against now. */
  activeLists(): ActiveLists;
  /** Called whenever a new set of list versions becomes active; returns an unsubscribe. */
  onListVersion(listener: ListVersionListener): () => void;
  /** Calls `observer` after every screening, decided transaction and webhook attempt; returns an unsubscribe. */
  observe(observer: EngineObserver): () => void;
  /** Finishes in-flight webhook attempts (bounded) and closes the store. */
  close(): Promise<void>;
}
