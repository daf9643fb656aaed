export { actionsOf, approvalsNeeded, checkSecondReviewer } from './four-eyes.js';
export { matchesFilters, onboardingQueueItem, transactionQueueItem } from './queue-items.js';
export { readQueue } from './read-queue.js';
export { suppressionsOfDecision } from './suppressions-of-decision.js';
export { DECISIONS_COLLECTION, openReviewService } from './review-service.js';
export type { ReviewService, ReviewServiceOptions } from './review-service.js';
export { REVIEW_AUDIENCE, ReviewTokenClaims, readReviewToken, signReviewToken } from './review-token.js';
export {
  INVALID_REVIEWER_LOGIN,
  REVIEWERS_COLLECTION,
  ReviewerRegistry,
  openReviewerRegistry,
} from './reviewer-registry.js';
export type { ReviewerIdentity, ReviewerRegistryOptions } from './reviewer-registry.js';
export { SUPPRESSIONS_COLLECTION, Suppressions, openSuppressions } from './suppressions.js';
export type { ListedEntityLookup, ListedEntityState } from './suppressions.js';
