/**
 * The review queue (issue #30): each open item of a client with what a reviewer needs to decide it
 * side by side — the name screened and the listed entity it met, with strength, score, secondary
 * fields, explanation, lists and programmes, the list version — the rules that fired, and any
 * decision already waiting on it. Built from what the stored transaction's audit trail holds.
 */
import { z } from 'zod';
import { MatchStrength } from './risk.js';
import { PageQuery, pageOf } from './page.js';
import { ReviewDecision, ReviewKind } from './review-decision.js';
import { nameSchema } from './schema-names.js';
import { MatchExplanation, SecondaryFieldResult } from './screening-result.js';
import { EpochMillis, RequiredText } from './scalars.js';

export const QueueMatch = z.object({
  participant: z
    .enum(['REMITTER', 'BENEFICIARY', 'APPLICANT', 'PORTFOLIO_ROW'])
    .describe('PORTFOLIO_ROW: a row of a batch run (a batch hit)'),
  customer_external_id: z
    .string()
    .nullable()
    .describe("The participant's external_id, or the portfolio row's"),
  query_name: z.string().describe('The name as screened (the participant, or a person behind it)'),
  relation: z.string().describe('natural_person, company, legal_representative, final_beneficiary…'),
  list: z.string(),
  entity_id: z.string(),
  listed_name: z.string(),
  strength: MatchStrength,
  score: z.number(),
  categories: z.array(z.string()).describe('e.g. Sanctions, PEP'),
  programs: z.array(z.string()).describe('Sanctions programmes of the listed entity, e.g. SDGT'),
  list_version: z.string().nullable(),
  secondary_fields: z.array(SecondaryFieldResult),
  explanation: MatchExplanation.nullable(),
  suppressed_by: z
    .string()
    .nullable()
    .describe('The decision whose suppression skipped this alert; null when it counted'),
});
export type QueueMatch = z.infer<typeof QueueMatch>;
nameSchema(QueueMatch, 'QueueMatch');

export const QueueRule = z.object({ rule_id: z.string(), outcome: z.string(), text: z.string() });
export type QueueRule = z.infer<typeof QueueRule>;

export const QueueItem = z.object({
  kind: ReviewKind,
  subject: z.string().describe('external_transaction_id, the onboarding _id, or the batch hit id'),
  state: z.string().describe('EVALUATION, COMPLIANCE, PENDING_REVIEW, or OPEN for a batch hit'),
  created_at: EpochMillis,
  reason: z.string().nullable().describe('reasons_rejection_analysis, or the onboarding reason'),
  matches: z.array(QueueMatch),
  rules: z.array(QueueRule),
  pending_decision: ReviewDecision.nullable(),
});
export type QueueItem = z.infer<typeof QueueItem>;
nameSchema(QueueItem, 'QueueItem');

/** The waiting times the queue filters on, in milliseconds. */
export const QUEUE_AGES = { '1h': 3_600_000, '1d': 86_400_000, '7d': 604_800_000, '30d': 2_592_000_000 };

export const QueueQuery = PageQuery.extend({
  kind: ReviewKind.optional(),
  strength: MatchStrength.optional().describe('Only items with a match of this strength'),
  list: RequiredText.optional().describe('Only items with a match on this list'),
  min_age: z
    .enum(['1h', '1d', '7d', '30d'])
    .optional()
    .describe('Only items waiting at least this long (1 hour, 1 day, 7 days, 30 days)'),
});
export type QueueQuery = z.infer<typeof QueueQuery>;

export const QueueList = pageOf(QueueItem);
export type QueueList = z.infer<typeof QueueList>;
nameSchema(QueueList, 'QueueList');
