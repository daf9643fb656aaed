/**
 * Warden's public surface (STYLE.md §12): the engine, its option and result types, the error
 * vocabulary, the batch runner and the HTTP server. Everything else may change without notice.
 */
export { createEngine, EngineOptions, type EngineRuntime } from './engine/create-engine.js';
export type {
  ClientOperations,
  Engine,
  ImportListRequest,
  TransactionReview,
  WithoutCredentials,
} from './engine/types.js';
export type { ActiveLists, ListVersionListener } from './engine/watchlists.js';
export type { EngineObserver, ScreeningKind } from './engine/engine-observer.js';
export { instrumentEngine, type EngineMetricsOptions } from './metrics/index.js';
export type { ListSource } from './engine/import-list.js';
export { WardenError, ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from './model/errors.js';
export type { Entity } from './model/entity.js';
export type { ListVersion, EntityChange, ImportSummary } from './model/list-version.js';
export type {
  IndividualScreeningRequestInput,
  OrganizationScreeningRequestInput,
  SummaryScreeningRequestInput,
  SummaryScreeningResponse,
} from './model/screening.js';
export type { ScreeningMatch, ScreeningResult } from './model/screening-result.js';
export type { WalletAnalysisRequestInput, WalletRiskAnalysis } from './model/wallet.js';
export type { BlacklistRecord, BlacklistSettings } from './model/blacklist.js';
export type {
  SubmitTransactionRequestInput,
  Transaction,
  TransactionList,
  TransactionReport,
} from './model/transaction.js';
export type { RegisteredEntity, RegistrationRequestInput } from './model/registration.js';
export type { OnboardingRecord } from './model/onboarding.js';

// The parts of an Engine a host program reaches through it.
export type { Store } from './store/index.js';
export type { ClientRegistry } from './clients/index.js';
export type { OnboardingService } from './onboarding/index.js';
export type { ReviewService, ReviewerRegistry } from './review/index.js';

// `warden batch` as a library call, and the HTTP interface of `warden serve`.
export { runBatch, type BatchSummary, type RunBatchOptions } from './batch/index.js';
export { BatchMetrics } from './metrics/index.js';
export {
  buildApp,
  startServer,
  type AppOptions,
  type MetricsOptions,
  type RunningServer,
  type ServerOptions,
} from './api/index.js';
