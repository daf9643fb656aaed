/** The kinds of review item as the page's paths spell them, the same as the review API's. */
import type { ReviewKind } from '../../model/review-decision.js';

const PATHS = {
  TRANSACTION: 'transactions',
  ONBOARDING: 'onboardings',
  BATCH_HIT: 'batch-hits',
} as const satisfies Record<ReviewKind, string>;

export type KindPath = (typeof PATHS)[ReviewKind];

export function pathOfKind(kind: ReviewKind): KindPath {
  return PATHS[kind];
}

export const KIND_PATHS = Object.entries(PATHS) as [ReviewKind, KindPath][];
