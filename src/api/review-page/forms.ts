/**
 * What the page's forms post (application/x-www-form-urlencoded: every value a string, a checkbox
 * present only when ticked), turned into the review API's own request schemas, so the page and the
 * API accept exactly the same decisions.
 */
import { z } from 'zod';
import { parseOrThrow } from '../../model/errors.js';
import {
  DecisionRejectionRequest,
  OnboardingDecisionRequest,
  TransactionDecisionRequest,
} from '../../model/review-decision.js';
import { BatchHitDecisionRequest } from '../../model/batch-hit.js';
import { QueueQuery } from '../../model/review-queue.js';
import { ReviewerTokenRequest } from '../../model/reviewer.js';

type Form = Record<string, unknown>;

const asForm = (body: unknown): Form => (typeof body === 'object' && body !== null ? (body as Form) : {});

export const loginForm = (body: unknown) => parseOrThrow(ReviewerTokenRequest, asForm(body));

export const transactionDecisionForm = (body: unknown) => {
  const form = asForm(body);
  return parseOrThrow(TransactionDecisionRequest, { ...form, suppress: form.suppress === 'on' });
};

export const batchHitDecisionForm = (body: unknown) => {
  const form = asForm(body);
  return parseOrThrow(BatchHitDecisionRequest, { ...form, suppress: form.suppress === 'on' });
};

export const onboardingDecisionForm = (body: unknown) =>
  parseOrThrow(OnboardingDecisionRequest, asForm(body));

export const rejectionForm = (body: unknown) => parseOrThrow(DecisionRejectionRequest, asForm(body));

/** The queue's filter form leaves unused filters empty: an empty value means "any". */
export function queueFilters(query: unknown): QueueQuery {
  const given = Object.fromEntries(Object.entries(asForm(query)).filter(([, value]) => value !== ''));
  return parseOrThrow(
    QueueQuery.extend({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
    given,
  );
}
