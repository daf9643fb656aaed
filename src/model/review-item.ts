/**
 * One review item with its timeline (issue #30): what the queue shows of it, plus every state change
 * and every decision, approval and rejection on it, oldest first — the item's story for the reviewer
 * deciding it and for the auditor reading it later. Closed items can be read too.
 */
import { z } from 'zod';
import { QueueItem } from './review-queue.js';
import { EpochMillis } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const TimelineEventKind = z
  .enum(['CREATED', 'STATE_CHANGED', 'DECIDED', 'APPROVED', 'REJECTED'])
  .describe(
    'CREATED and STATE_CHANGED come from the item; DECIDED, APPROVED and REJECTED from review decisions',
  );
export type TimelineEventKind = z.infer<typeof TimelineEventKind>;

export const TimelineEvent = z.object({
  at: EpochMillis,
  event: TimelineEventKind,
  by: z.string().nullable().describe('The reviewer, the client, or "warden" for the automated analysis'),
  state: z.string().nullable().describe('The state the item moved to, or the state a decision asks for'),
  text: z.string().nullable().describe('The reason given'),
  decision_id: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

export const ReviewItem = QueueItem.extend({
  open: z.boolean().describe('Still waiting for a review decision'),
  timeline: z.array(TimelineEvent),
});
export type ReviewItem = z.infer<typeof ReviewItem>;
nameSchema(ReviewItem, 'ReviewItem');
