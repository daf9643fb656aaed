// The model's public names. Re-exports only; each name is defined in the file it comes from.
export { ErrorCodeSchema, ErrorEnvelopeSchema } from './api-error.js';
export { TokenRequest, TokenResponse } from './auth-token.js';
export {
  BatchHit,
  BatchHitDecisionRequest,
  BatchHitMatch,
  BatchHitRun,
  BatchHitStatus,
  DecidedPair,
} from './batch-hit.js';
export {
  BlacklistList,
  BlacklistMatchAction,
  BlacklistNameMatch,
  BlacklistRecord,
  BlacklistSettings,
  BlacklistType,
  CreateBlacklistRequest,
  DEFAULT_BLACKLIST_SETTINGS,
  DeleteBlacklistResponse,
  ListBlacklistQuery,
  UpdateBlacklistRequest,
  UpdateBlacklistSettingsRequest,
} from './blacklist.js';
export type { CreateBlacklistRequestInput } from './blacklist.js';
export {
  Client,
  ClientId,
  ClientSettings,
  ClientSettingsPatch,
  NewClientCredentials,
  WebhookUrl,
} from './client.js';
export {
  ASSETS,
  Asset,
  COINS,
  COIN_CATALOG,
  CoinCatalogResponse,
  CoinEntry,
  NETWORKS,
  Network,
  assertNetworkAsset,
  canonicalNetwork,
  checkNetworkAsset,
  isValidNetworkAsset,
  nativeAssetOf,
  networkAssetProblem,
} from './coins.js';
export { ClientCredentials } from './credentials.js';
export {
  CalendarDate,
  DateObject,
  DatePrecision,
  TimelinePrecision,
  isCalendarDate,
  toDateObject,
} from './dates.js';
// decision.ts belongs to the decision engineer; names that collide with spec resources are renamed here.
export {
  AmountFacts,
  BlacklistMatch as BlacklistMatchKind,
  ClientDecisionSettings,
  Decision,
  DecisionFacts,
  DecisionOutcome,
  DecisionReason,
  DecisionState,
  MatchStrength as DecisionMatchStrength,
  MatchSummary as DecisionMatchSummary,
  ParticipantFacts,
  ParticipantRole,
  WalletExposure,
  WalletRiskLevel,
} from './decision.js';
export type { DecisionFactsInput } from './decision.js';
export {
  DOCUMENT_TYPE_CATALOG,
  DocumentHolder,
  DocumentTypeCatalogEntry,
  DocumentTypeCatalogResponse,
  DocumentTypeCode,
  LocType,
  isDocumentType,
} from './document-types.js';
export {
  Alias,
  AliasKind,
  BirthDate,
  CryptoAddress,
  Entity,
  EntityAddress,
  EntityType,
  Gender as EntityGender,
  IdentityDocument,
  ParseIssue,
  PartialDate,
  PepInfo,
} from './entity.js';
export type { EntityInput } from './entity.js';
export { ERROR_STATUS, WardenError, isWardenError, parseOrThrow, validationError } from './errors.js';
export type { ErrorCode, ErrorEnvelope } from './errors.js';
export { FileReference } from './file-reference.js';
export { CreateFlowRequest, Flow, FlowInstance, FlowInstanceList, FlowInstanceStatus } from './flow.js';
export type { CreateFlowRequestInput } from './flow.js';
export { Identity, NewIdentity } from './identity.js';
export { discriminatorError, requiredWhen } from './issue-messages.js';
export { EntityChange, EntityChangeKind, ImportSummary, ListVersion } from './list-version.js';
export {
  AmountRange,
  CompanyBusinessInformation,
  CompanyOnboardingData,
  ConfigService,
  DataCompany,
  DataIndividual,
  IndividualBusinessInformation,
  IndividualOnboardingData,
  NewOnboardingData,
  OnboardingData,
  OnboardingType,
  OperationalAddress,
  Party,
  PartyDocumentData,
} from './onboarding-data.js';
export {
  AuditedFinding,
  OnboardingAudit,
  OnboardingFindingKind,
  OnboardingListMatch,
  ScreenedOnboardingSubject,
  SubjectRole,
} from './onboarding-audit.js';
export {
  CreateOnboardingRequest,
  OnboardingByDocumentQuery,
  OnboardingEntityQuery,
  OnboardingList,
  OnboardingMetadata,
  OnboardingRecord,
} from './onboarding.js';
export type { CreateOnboardingRequestInput } from './onboarding.js';
export { OffsetPageQuery, PageQuery, offsetPageOf, pageOf } from './page.js';
export { issueParams, parseRequest } from './parse-request.js';
export {
  CompanyData,
  CompanyParticipant,
  CryptoParticipant,
  CryptoWallet,
  LegalPerson,
  NaturalPerson,
  Participant,
  ParticipantEntityType,
  PersonParticipant,
  PersonRecord,
  participantWith,
} from './participant.js';
export {
  CountryCode,
  CurrencyCode,
  countryFromName,
  countryName,
  isCountryCode,
  isCurrencyCode,
} from './reference.js';
export { ListFreshness, NotReadyCode, NotReadyReason, Readiness } from './readiness.js';
export { RegisteredEntity, RegistrationRequest } from './registration.js';
export type { RegistrationRequestInput } from './registration.js';
export {
  DecisionList,
  DecisionListQuery,
  DecisionRejectionRequest,
  DecisionStatus,
  FourEyesAction,
  OnboardingDecisionRequest,
  ReviewDecision,
  ReviewKind,
  ReviewOutcome,
  TransactionDecisionRequest,
} from './review-decision.js';
export { QueueItem, QueueList, QueueMatch, QueueQuery, QueueRule } from './review-queue.js';
export { ReviewStatus, StatusChange, StatusUpdateRequest } from './review-status.js';
export {
  NewReviewerCredentials,
  Reviewer,
  ReviewerName,
  ReviewerRole,
  ReviewerTokenRequest,
} from './reviewer.js';
export { Suppression, SuppressionList, SuppressionListQuery, SuppressionStatus } from './suppression.js';
export { MatchStrength, RISK_LEVELS, RiskLevel, compareRiskLevels, highestRiskLevel } from './risk.js';
export {
  EpochMillis,
  IsoDateTime,
  NonNegativeAmount,
  OpenCode,
  Percentage,
  PositiveAmount,
  RequiredText,
} from './scalars.js';
export {
  GenderCode,
  MatchExplanation,
  NAME_TYPE_BY_ALIAS_KIND,
  NameType,
  ScreeningCategory,
  ScreeningMatch,
  ScreeningRequestEcho,
  ScreeningResult,
  ScreeningSubjectType,
  SecondaryFieldResult,
  SecondaryFieldType,
  TokenSignal,
} from './screening-result.js';
export {
  IndividualQuery,
  IndividualScreeningRequest,
  MAX_SUMMARY_ENTITIES,
  OrganizationQuery,
  OrganizationScreeningRequest,
  PersonGender,
  SummaryEntity,
  SummaryEntityResult,
  SummaryMatch,
  SummaryScreeningRequest,
  SummaryScreeningResponse,
} from './screening.js';
export type {
  IndividualScreeningRequestInput,
  OrganizationScreeningRequestInput,
  SummaryScreeningRequestInput,
} from './screening.js';
export {
  CryptoTransactionRequest,
  FiatTransactionRequest,
  ListTransactionsQuery,
  Notification,
  SubmitTransactionRequest,
  SubmitTransactionResponse,
  Transaction,
  TransactionList,
  TransactionReport,
  TransactionRequest,
  TransactionState,
  TransactionType,
} from './transaction.js';
export type { SubmitTransactionRequestInput } from './transaction.js';
export {
  AddressIdentification,
  AlertExposureType,
  AlertLevel,
  CustomAddress,
  DirectExposure,
  ExposureCounterparty,
  ExposureType,
  GraphEdge,
  GraphNode,
  ProviderIdentification,
  SanctionedCategory,
  TokenBalance,
  WalletAlert,
  WalletAnalysisRequest,
  WalletAnalysisStatus,
  WalletBalance,
  WalletGraph,
  WalletRiskAnalysis,
} from './wallet.js';
export type { WalletAnalysisRequestInput } from './wallet.js';
export {
  EnqueueWebhookRequest,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEnvelope,
  WebhookEvent,
  WebhookSubject,
} from './webhook.js';
