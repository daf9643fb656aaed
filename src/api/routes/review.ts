/**
 * The review API (issue #30, tag "Review"): reviewers log in with their client id, name and
 * password, and then, with `Authorization: Bearer <token>`, read the client's queue of stopped
 * items, decide them, approve or reject one another's decisions (four eyes) and manage the
 * suppressions of decided false positives. Client credentials and client tokens do not work here,
 * and reviewer tokens do not work on the client routes.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TokenResponse } from '../../model/auth-token.js';
import { BatchHitDecisionRequest } from '../../model/batch-hit.js';
import { isWardenError, WardenError } from '../../model/errors.js';
import {
  DecisionList,
  DecisionListQuery,
  DecisionRejectionRequest,
  OnboardingDecisionRequest,
  ReviewDecision,
  TransactionDecisionRequest,
} from '../../model/review-decision.js';
import { ReviewItem } from '../../model/review-item.js';
import { QueueList, QueueQuery } from '../../model/review-queue.js';
import { ReviewerTokenRequest } from '../../model/reviewer.js';
import { Suppression, SuppressionList, SuppressionListQuery } from '../../model/suppression.js';
import type { ReviewerIdentity } from '../../review/index.js';
import { reviewerAuth } from '../auth.js';
import type { RouteContext } from '../route-context.js';
import { IdParams, errorResponses } from '../route-schemas.js';

const API = '/api/v1/review';
const tags = ['Review'];
const security = [{ reviewerBearerAuth: [] }];

/** Set by reviewerAuth before any handler of the authenticated routes runs. */
function reviewerOf(request: FastifyRequest): ReviewerIdentity {
  if (request.reviewer === null) throw new WardenError('UNAUTHORIZED', 'A reviewer token is required.');
  return request.reviewer;
}

const loginRoute: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    `${API}/auth/token`,
    {
      schema: {
        tags,
        summary: 'Reviewer token',
        description:
          'A reviewer of the client logs in; failed logins count toward the same throttle as client credentials.',
        body: ReviewerTokenRequest,
        response: { 200: TokenResponse, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { client_id, name, password } = request.body;
      const wait = ctx.failedAuth.retryAfter(request.ip, client_id);
      if (wait > 0) {
        reply.header('retry-after', wait);
        throw new WardenError(
          'RATE_LIMITED',
          `Too many failed authentications from this address; retry after ${wait} seconds.`,
        );
      }
      try {
        return await ctx.engine.review.reviewers.login(client_id, name, password, ctx.now());
      } catch (error) {
        if (isWardenError(error) && error.code === 'UNAUTHORIZED') ctx.failedAuth.fail(request.ip, client_id);
        throw error;
      }
    },
  );
};

const deskRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', reviewerAuth(ctx));
  const desk = ctx.engine.review.desk;

  api.get(
    `${API}/queue`,
    {
      schema: {
        tags,
        security,
        summary: 'Review queue',
        description:
          "The client's open items, oldest first: transactions in EVALUATION or COMPLIANCE, onboardings in PENDING_REVIEW and open batch hits (kind BATCH_HIT: portfolio rows a batch run fed to the queue), with their matches, the rules that fired and any decision waiting for approval.",
        querystring: QueueQuery,
        response: { 200: QueueList, ...errorResponses(400, 401) },
      },
    },
    async (request) => desk.queue(request.clientId, request.query),
  );

  for (const [path, kind] of [
    ['transactions', 'TRANSACTION'],
    ['onboardings', 'ONBOARDING'],
  ] as const) {
    api.get(
      `${API}/${path}/:id`,
      {
        schema: {
          tags,
          security,
          summary: kind === 'TRANSACTION' ? 'Read a transaction item' : 'Read an onboarding item',
          description:
            'One item, open or already decided, with its matches and its timeline: every state change and every decision, approval and rejection on it, oldest first.',
          params: IdParams,
          response: { 200: ReviewItem, ...errorResponses(401, 404) },
        },
      },
      async (request) => desk.item(request.clientId, kind, request.params.id),
    );
  }

  api.post(
    `${API}/transactions/:id/decisions`,
    {
      schema: {
        tags,
        security,
        summary: 'Decide a transaction',
        description:
          'id is the external_transaction_id, as everywhere else in the API. A decision that releases (COMPLETED), rejects (REJECTED) or suppresses waits for an approver (status PENDING_APPROVAL) unless the client setting review_four_eyes leaves it out; otherwise it applies at once (APPLIED).',
        params: IdParams,
        body: TransactionDecisionRequest,
        response: { 201: ReviewDecision, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await desk.decideTransaction(reviewerOf(request), request.params.id, request.body)),
  );

  api.post(
    `${API}/onboardings/:id/decisions`,
    {
      schema: {
        tags,
        security,
        summary: 'Decide an onboarding',
        description: 'id is the onboarding _id; APPROVED or REJECTED through the onboarding status change.',
        params: IdParams,
        body: OnboardingDecisionRequest,
        response: { 201: ReviewDecision, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await desk.decideOnboarding(reviewerOf(request), request.params.id, request.body)),
  );

  api.post(
    `${API}/batch-hits/:id/decisions`,
    {
      schema: {
        tags,
        security,
        summary: 'Decide a batch hit',
        description:
          'id is the batch hit id (the queue item subject). A batch hit has no transaction state machine: FALSE_POSITIVE clears it (state CLEARED, counted as RELEASE by review_four_eyes), TRUE_MATCH confirms it (CONFIRMED, counted as REJECT); suppress with FALSE_POSITIVE also needs SUPPRESS approval. Applied, it closes the matches that were queued when the decision was made, each suppressed pair becomes a suppression of the portfolio row’s external_id, and later runs queue a closed pair again only once its listed entity changed.',
        params: IdParams,
        body: BatchHitDecisionRequest,
        response: { 201: ReviewDecision, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await desk.decideBatchHit(reviewerOf(request), request.params.id, request.body)),
  );

  api.get(
    `${API}/decisions`,
    {
      schema: {
        tags,
        security,
        summary: 'List decisions',
        querystring: DecisionListQuery,
        response: { 200: DecisionList, ...errorResponses(400, 401) },
      },
    },
    async (request) => desk.listDecisions(request.clientId, request.query),
  );

  api.post(
    `${API}/decisions/:id/approve`,
    {
      schema: {
        tags,
        security,
        summary: 'Approve a decision',
        description: 'By an approver other than the reviewer who decided; the decision applies now.',
        params: IdParams,
        response: { 200: ReviewDecision, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => desk.approve(reviewerOf(request), request.params.id),
  );

  api.post(
    `${API}/decisions/:id/reject`,
    {
      schema: {
        tags,
        security,
        summary: 'Reject a decision',
        description: 'By an approver other than the reviewer who decided; the item stays open.',
        params: IdParams,
        body: DecisionRejectionRequest,
        response: { 200: ReviewDecision, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => desk.reject(reviewerOf(request), request.params.id, request.body.reason),
  );

  api.get(
    `${API}/suppressions`,
    {
      schema: {
        tags,
        security,
        summary: 'List suppressions',
        description:
          'Decided false positives that later transactions of the same customer skip. One whose listed entity changed or left its list is REOPENED.',
        querystring: SuppressionListQuery,
        response: { 200: SuppressionList, ...errorResponses(400, 401) },
      },
    },
    async (request) => desk.listSuppressions(request.clientId, request.query),
  );

  api.delete(
    `${API}/suppressions/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a suppression',
        description: 'Approvers only; the customer’s alerts on that entity count again.',
        params: IdParams,
        response: { 200: Suppression, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => desk.revokeSuppression(reviewerOf(request), request.params.id),
  );
};

export const reviewRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  await app.register(loginRoute, ctx);
  await app.register(deskRoutes, ctx);
};
