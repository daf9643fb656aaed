export {
  allowedTransitions,
  isTerminalState,
  transitionTransaction,
  TRANSACTION_TRANSITIONS,
  type TransitionActor,
  type TransitionRequest,
  type TransitionResult,
  type TransitionRule,
} from './state-machine.js';
export type {
  CompanyScreeningInput,
  NotifyPort,
  PersonScreeningInput,
  ScreeningPort,
  SettingsOf,
  SuppressionPort,
  WalletRiskSummary,
  WalletPort,
} from './ports.js';
export {
  amountFacts,
  decisionFacts,
  decisionSettingsOf,
  participantFacts,
  usdValueOf,
  type UsdRates,
  type UsdSource,
} from './build-facts.js';
export {
  personRecordName,
  RELATION_WORDING,
  screenParticipant,
  type AnalyzedWallet,
  type ParticipantScreening,
  type ScreenedSubject,
  type ScreeningPorts,
  type SubjectRelation,
} from './screen-participant.js';
export {
  factsDigest,
  participantAudit,
  riskLevelOf,
  transactionAudit,
  type ParticipantAudit,
  type ScreenedSubjectAudit,
  type TransactionAudit,
  type WalletAudit,
} from './audit.js';
export { requestHash, sameRequest, transactionBodyOf, type TransactionBody } from './request-hash.js';
export {
  TRANSACTION_STATE_CHANGED,
  TRANSACTIONS_COLLECTION,
  type StateChange,
  type StoredTransaction,
  type TransactionWebhookPayload,
} from './transaction-record.js';
export { TransactionIndex, type TransactionFilter, type TransactionPage } from './transaction-index.js';
export { REGISTRATION_COLLECTIONS, type RescreenOutcome, type StoredRegistration } from './registrations.js';
export { analyzeTransaction, type AnalysisDeps, type TransactionAnalysis } from './analyze-transaction.js';
export { indexScreeningPort, type IndexScreeningOptions } from './index-screening-port.js';
export {
  createTransactionService,
  type ReviewCommit,
  type TransactionReview,
  type TransactionService,
  type TransactionServiceOptions,
} from './service.js';
