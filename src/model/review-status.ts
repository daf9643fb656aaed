/**
 * The review status shared by onboarding records and identities, and the manual status change both
 * accept (spec: Onboarding: Update Status, Identity: Update Status).
 */
import { z } from 'zod';
import { IsoDateTime, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

/** The observed values; Warden produces no others. */
export const ReviewStatus = z.enum(['APPROVED', 'PENDING_REVIEW', 'REJECTED']);
export type ReviewStatus = z.infer<typeof ReviewStatus>;
nameSchema(ReviewStatus, 'ReviewStatus');

export const StatusUpdateRequest = z
  .object({
    status: ReviewStatus,
    reason: RequiredText.nullable().default(null).describe('Required when status is REJECTED'),
  })
  .check((ctx) => {
    // A rejection without a reason cannot be explained to the customer or an auditor.
    if (ctx.value.status === 'REJECTED' && ctx.value.reason === null) {
      ctx.issues.push({
        code: 'custom',
        message: 'is required when status is REJECTED',
        input: null,
        path: ['reason'],
      });
    }
  });
export type StatusUpdateRequest = z.infer<typeof StatusUpdateRequest>;
nameSchema(StatusUpdateRequest, 'StatusUpdateRequest', [
  { status: 'REJECTED', reason: 'The proof of address is older than three months' },
]);

/**
 * Warden addition: one entry of a record's status history, so an auditor can see who moved a
 * record, when and why. `from` is null for the status the record was created with.
 */
export const StatusChange = z.object({
  from: ReviewStatus.nullable(),
  to: ReviewStatus,
  reason: z.string().nullable(),
  at: IsoDateTime,
  by: z.string().describe('Who made the change: "warden" for the automated decision, else the caller'),
});
export type StatusChange = z.infer<typeof StatusChange>;
nameSchema(StatusChange, 'StatusChange');
