/**
 * A batch hit (issue #30): the review queue's item for one customer of a client whose portfolio row
 * a batch run fed to the queue (`warden batch … --client ID --review-queue`). One record per
 * customer: it holds the matches waiting for a decision, and the pairs decisions have closed, so a
 * later run queues a pair again only once its listed entity has changed. A batch hit has no state
 * machine of its own: FALSE_POSITIVE clears it (CLEARED), TRUE_MATCH confirms it (CONFIRMED).
 */
import { z } from 'zod';
import { ReviewOutcome } from './review-decision.js';
import { QueueMatch } from './review-queue.js';
import { EpochMillis, RequiredText } from './scalars.js';

export const BatchHitMatch = QueueMatch.extend({
  content_hash: z.string().describe("sha256 of the listed entity's content when the run met it"),
  queued_at: EpochMillis.describe('When a run queued it: a decision covers the matches queued before it'),
});
export type BatchHitMatch = z.infer<typeof BatchHitMatch>;

/** A pair of customer and listed entity an applied decision closed. */
export const DecidedPair = z.object({
  list: z.string(),
  entity_id: z.string(),
  content_hash: z.string().describe("The listed entity's content hash the decision was made on"),
  decision_id: z.string(),
  outcome: ReviewOutcome,
  decided_at: EpochMillis.describe('When the decision applied'),
});
export type DecidedPair = z.infer<typeof DecidedPair>;

export const BatchHitStatus = z
  .enum(['OPEN', 'CLEARED', 'CONFIRMED'])
  .describe('OPEN while matches wait for a decision; else what the last applied decision made of it');
export type BatchHitStatus = z.infer<typeof BatchHitStatus>;

export const BatchHitRun = z.object({
  out: z.string().describe('The OUT of the run, whose output line holds the row'),
  portfolio: z.string(),
  at: EpochMillis.describe('When the run queued the matches'),
});
export type BatchHitRun = z.infer<typeof BatchHitRun>;

export const BatchHit = z.object({
  id: z.string(),
  customer_external_id: z.string().describe("The portfolio row's external_id"),
  name: z.string().describe("The portfolio row's full_name (or address)"),
  status: BatchHitStatus,
  run: BatchHitRun.describe('The run that last queued matches'),
  opened_at: EpochMillis.describe('When it last became OPEN'),
  updated_at: EpochMillis,
  matches: z.array(BatchHitMatch).describe('Matches waiting for a decision'),
  decided: z
    .array(DecidedPair)
    .describe(
      'Pairs closed by applied decisions, the latest per pair; a run re-queues one only once its entity changed',
    ),
});
export type BatchHit = z.infer<typeof BatchHit>;

/** A decision on a batch hit: its state follows from the outcome (CLEARED or CONFIRMED). */
export const BatchHitDecisionRequest = z.object({
  outcome: ReviewOutcome,
  reason: RequiredText.describe('Why: kept with the decision'),
  suppress: z
    .boolean()
    .default(false)
    .describe(
      "With FALSE_POSITIVE: later batch runs and transactions of this customer skip each listed entity matched here, until the entity's content changes",
    ),
});
export type BatchHitDecisionRequest = z.infer<typeof BatchHitDecisionRequest>;
