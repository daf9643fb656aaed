export type { IdKind } from './context.js';
export { ONBOARDING_COMPLETED, createOnboarding } from './create-onboarding.js';
export { ONBOARDING_DECISION_TABLE, decideOnboarding, describeFinding, statusOfFinding } from './decision.js';
export type { DecisionRule, Verdict } from './decision.js';
export { ONBOARDING_GROUP } from './events.js';
export type {
  FlowCreatedEvent,
  FlowInstanceCreatedEvent,
  IdentityCreatedEvent,
  IdentityStatusChangedEvent,
  OnEvent,
  OnboardingCreatedEvent,
  OnboardingEvent,
  OnboardingEventGroup,
  OnboardingStatusChangedEvent,
} from './events.js';
export { MAX_FILE_BYTES, NewFile } from './files.js';
export type { FileOwner, StoredFile } from './files.js';
export { IDENTITY_FINDINGS, ageOn, findOnboardingFindings } from './findings.js';
export type { Finding, FindingKind, Subject, SubjectRole } from './findings.js';
export { AUTOMATED_ACTOR } from './identities.js';
export type { StatusChangeOptions } from './identities.js';
export {
  ONBOARDING_AUDITS_COLLECTION,
  onboardingAudit,
  readOnboardingAudit,
  saveOnboardingAudit,
} from './onboarding-audit.js';
export { FINAL_REVIEW_STATUSES, REVIEW_TRANSITIONS, transitionReview } from './review-transitions.js';
export type { ReviewTransitionRule } from './review-transitions.js';
export { NO_MATCH } from './screening-port.js';
export type {
  MatchCategory,
  OnboardingScreening,
  OrganizationScreeningQuery,
  PersonScreeningQuery,
  ScreeningOutcome,
} from './screening-port.js';
export { ONBOARDING_FILTERS } from './search-onboardings.js';
export type { OnboardingFilter, OnboardingSearchInput } from './search-onboardings.js';
export { createOnboardingService } from './service.js';
export type { OnboardingService, OnboardingServiceOptions } from './service.js';
