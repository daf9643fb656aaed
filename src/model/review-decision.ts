/**
 * A reviewer's decision on an item a screening stopped (issue #30): a transaction in EVALUATION or
 * COMPLIANCE, an onboarding in PENDING_REVIEW, or a batch hit (model/batch-hit.ts). A decision that
 * releases, rejects or suppresses waits for a second person (four eyes, FourEyesAction) unless the
 * client's settings say otherwise.
 */
import { z } from 'zod';
import { PageQuery, pageOf } from './page.js';
import { EpochMillis, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const ReviewKind = z.enum(['TRANSACTION', 'ONBOARDING', 'BATCH_HIT']);
export type ReviewKind = z.infer<typeof ReviewKind>;

export const ReviewOutcome = z
  .enum(['FALSE_POSITIVE', 'TRUE_MATCH'])
  .describe('FALSE_POSITIVE: the customer is not the listed entity; TRUE_MATCH: they are');
export type ReviewOutcome = z.infer<typeof ReviewOutcome>;

/** The kinds of decision a client can require a second person for (ClientSettings.review_four_eyes). */
export const FourEyesAction = z
  .enum(['RELEASE', 'REJECT', 'SUPPRESS'])
  .describe(
    'RELEASE: a stopped item is let through (COMPLETED, APPROVED, a batch hit CLEARED); REJECT: it is refused (REJECTED, a batch hit CONFIRMED); SUPPRESS: the pair of customer and listed entity stops raising alerts',
  );
export type FourEyesAction = z.infer<typeof FourEyesAction>;

export const DecisionStatus = z
  .enum(['PENDING_APPROVAL', 'APPLIED', 'REJECTED'])
  .describe('PENDING_APPROVAL until an approver approves (then APPLIED) or rejects it (REJECTED)');
export type DecisionStatus = z.infer<typeof DecisionStatus>;

const reason = RequiredText.describe('Why: becomes reasons_rejection_operator of the transaction');
const suppress = z
  .boolean()
  .default(false)
  .describe(
    'With FALSE_POSITIVE: later transactions of this customer skip the alert of each listed entity matched here',
  );

export const TransactionDecisionRequest = z.object({
  outcome: ReviewOutcome,
  state: z.enum(['COMPLETED', 'REJECTED', 'CANCELLED']),
  reason,
  suppress,
});
export type TransactionDecisionRequest = z.infer<typeof TransactionDecisionRequest>;
nameSchema(TransactionDecisionRequest, 'TransactionDecisionRequest', [
  {
    outcome: 'FALSE_POSITIVE',
    state: 'COMPLETED',
    reason: 'Different date of birth and nationality than the listed person',
    suppress: true,
  },
]);

/** Onboardings are not re-screened by transactions, so nothing is suppressed for them. */
export const OnboardingDecisionRequest = z.object({
  outcome: ReviewOutcome,
  state: z.enum(['APPROVED', 'REJECTED']),
  reason: RequiredText.describe('Why: becomes the reason of the status change'),
});
export type OnboardingDecisionRequest = z.infer<typeof OnboardingDecisionRequest>;
nameSchema(OnboardingDecisionRequest, 'OnboardingDecisionRequest');

/** An approver's rejection of a pending decision. */
export const DecisionRejectionRequest = z.object({ reason: RequiredText });
export type DecisionRejectionRequest = z.infer<typeof DecisionRejectionRequest>;
nameSchema(DecisionRejectionRequest, 'DecisionRejectionRequest');

export const ReviewDecision = z.object({
  id: z.string(),
  kind: ReviewKind,
  subject: z
    .string()
    .describe(
      'The external_transaction_id of a transaction, the _id of an onboarding, or the id of a batch hit',
    ),
  outcome: ReviewOutcome,
  state: z
    .enum(['COMPLETED', 'REJECTED', 'CANCELLED', 'APPROVED', 'CLEARED', 'CONFIRMED'])
    .describe('The state it moves the item to (a batch hit: CLEARED or CONFIRMED)'),
  reason: z.string(),
  suppress: z.boolean(),
  status: DecisionStatus,
  needs_approval: z.array(FourEyesAction).describe('Why a second person must approve; empty when none'),
  decided_by: z.string(),
  decided_at: EpochMillis,
  approved_by: z.string().nullable(),
  approved_at: EpochMillis.nullable(),
  rejected_by: z.string().nullable(),
  rejected_at: EpochMillis.nullable(),
  rejection_reason: z.string().nullable(),
  suppressions: z.array(z.string()).describe('Ids of the suppressions this decision created'),
});
export type ReviewDecision = z.infer<typeof ReviewDecision>;
nameSchema(ReviewDecision, 'ReviewDecision');

export const DecisionListQuery = PageQuery.extend({
  status: DecisionStatus.optional(),
  kind: ReviewKind.optional(),
});
export type DecisionListQuery = z.infer<typeof DecisionListQuery>;

export const DecisionList = pageOf(ReviewDecision);
export type DecisionList = z.infer<typeof DecisionList>;
nameSchema(DecisionList, 'DecisionList');
