export {
  BATCH_HITS_COLLECTION,
  batchHitOf,
  batchHitQueueItem,
  batchHitRecordOf,
  openBatchHit,
} from './batch-hits.js';
export { closeBatchHit } from './close-batch-hit.js';
export { actionsOf, approvalsNeeded, checkSecondReviewer } from './four-eyes.js';
export { matchesFilters, onboardingQueueItem, transactionQueueItem } from './queue-items.js';
export { queueBatchHit, type FoundMatch, type FoundRow, type QueueContext } from './queue-batch-hit.js';
export { readQueue } from './read-queue.js';
export { suppressionsOfDecision, suppressionsOfPairs } from './suppressions-of-decision.js';
export type { MatchedPair } from './suppressions-of-decision.js';
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
