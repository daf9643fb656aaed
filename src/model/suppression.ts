/**
 * A decided false positive that stops raising alerts (issue #30): the pair of one customer of a
 * client (a participant's external_id, or a portfolio row's) and one listed entity, recorded with
 * who decided and approved it and the entity's content hash, so a changed or removed entry re-opens
 * the question.
 */
import { z } from 'zod';
import { PageQuery, pageOf } from './page.js';
import { EpochMillis } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const SuppressionStatus = z
  .enum(['ACTIVE', 'REOPENED', 'REVOKED'])
  .describe(
    'REOPENED: the listed entity changed or left its list since the decision; REVOKED: an approver withdrew it',
  );
export type SuppressionStatus = z.infer<typeof SuppressionStatus>;

export const Suppression = z.object({
  id: z.string(),
  customer_external_id: z.string().describe("The participant's external_id, or the portfolio row's"),
  list: z.string(),
  entity_id: z.string(),
  entity_name: z.string(),
  content_hash: z.string().describe("sha256 of the listed entity's content when the decision was made"),
  list_version: z.string().nullable().describe('The version of the list the decision was made against'),
  decision_id: z.string(),
  decided_by: z.string(),
  approved_by: z.string().nullable(),
  created_at: EpochMillis,
  status: SuppressionStatus,
  status_changed_at: EpochMillis.nullable(),
  revoked_by: z.string().nullable(),
});
export type Suppression = z.infer<typeof Suppression>;
nameSchema(Suppression, 'Suppression');

export const SuppressionListQuery = PageQuery.extend({ status: SuppressionStatus.optional() });
export type SuppressionListQuery = z.infer<typeof SuppressionListQuery>;

export const SuppressionList = pageOf(Suppression);
export type SuppressionList = z.infer<typeof SuppressionList>;
nameSchema(SuppressionList, 'SuppressionList');
