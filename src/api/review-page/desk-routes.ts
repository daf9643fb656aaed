/**
 * The page's queue and item views and the forms that decide, approve and reject: each is the
 * review API's operation (ctx.engine.review.desk) with HTML around it. A form that fails
 * (a missing reason, a decision already pending) shows the item again with the message and what
 * the reviewer had typed; one that succeeds redirects (POST → 303 → GET), so a reload repeats nothing.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isWardenError } from '../../model/errors.js';
import type { ReviewDecision, ReviewKind } from '../../model/review-decision.js';
import type { ReviewerIdentity } from '../../review/index.js';
import type { RouteContext } from '../route-context.js';
import {
  batchHitDecisionForm,
  onboardingDecisionForm,
  queueFilters,
  rejectionForm,
  transactionDecisionForm,
} from './forms.js';
import { KIND_PATHS, pathOfKind } from './item-kinds.js';
import { PAGE_ROOT, signedInReviewer } from './session.js';
import { render, type PageFrame } from './views.js';

/** Outcomes a redirect names in `?done=`, shown once on the page it lands on. */
const NOTICES: Record<string, string> = {
  decided: 'Decision recorded.',
  pending: 'Decision recorded; it waits for an approver.',
  approved: 'Decision approved and applied.',
  rejected: 'Decision rejected; the item is open again.',
};

export const deskRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const desk = ctx.engine.review.desk;
  const frameOf = (request: FastifyRequest, reply: FastifyReply, error: string | null = null): PageFrame => {
    const done = (request.query as { done?: unknown } | undefined)?.done;
    return {
      reviewer: signedInReviewer(request),
      csrf: reply.generateCsrf(),
      now: ctx.now(),
      notice: typeof done === 'string' ? (NOTICES[done] ?? null) : null,
      error,
    };
  };

  const decide: Record<
    ReviewKind,
    (r: ReviewerIdentity, subject: string, body: unknown) => Promise<ReviewDecision>
  > = {
    TRANSACTION: (reviewer, subject, body) =>
      desk.decideTransaction(reviewer, subject, transactionDecisionForm(body)),
    BATCH_HIT: (reviewer, subject, body) =>
      desk.decideBatchHit(reviewer, subject, batchHitDecisionForm(body)),
    ONBOARDING: (reviewer, subject, body) =>
      desk.decideOnboarding(reviewer, subject, onboardingDecisionForm(body)),
  };

  app.get(PAGE_ROOT, async (_request, reply) => reply.redirect(`${PAGE_ROOT}/queue`, 303));

  app.get(`${PAGE_ROOT}/queue`, async (request, reply) => {
    const lists = ctx.engine.activeLists().versions.map((v) => v.list);
    try {
      const filters = queueFilters(request.query);
      const queue = await desk.queue(signedInReviewer(request).clientId, filters);
      return render(reply, 'queue', frameOf(request, reply), { queue, filters, lists });
    } catch (error) {
      if (!isWardenError(error)) throw error;
      const empty = { items: [], totalItems: 0, page: 1, totalPages: 0 };
      return render(
        reply,
        'queue',
        frameOf(request, reply, error.message),
        { queue: empty, filters: {}, lists },
        400,
      );
    }
  });

  /** The item view, with a form's error and typed values when a post failed. */
  async function showItem(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ReviewKind,
    subject: string,
    failed: { error: string; status: number; form: unknown } | null = null,
  ) {
    const item = await desk.item(signedInReviewer(request).clientId, kind, subject);
    const frame = frameOf(request, reply, failed?.error ?? null);
    return render(reply, 'item', frame, { item, form: failed?.form ?? {} }, failed?.status ?? 200);
  }

  for (const [kind, path] of KIND_PATHS) {
    app.get<{ Params: { id: string } }>(`${PAGE_ROOT}/${path}/:id`, (request, reply) =>
      showItem(request, reply, kind, request.params.id),
    );

    app.post<{ Params: { id: string } }>(
      `${PAGE_ROOT}/${path}/:id/decisions`,
      { preHandler: app.csrfProtection },
      async (request, reply) => {
        const reviewer = signedInReviewer(request);
        const subject = request.params.id;
        try {
          const decision = await decide[kind](reviewer, subject, request.body);
          const done = decision.status === 'PENDING_APPROVAL' ? 'pending' : 'decided';
          return reply.redirect(`${PAGE_ROOT}/${path}/${encodeURIComponent(subject)}?done=${done}`, 303);
        } catch (error) {
          if (!isWardenError(error) || error.code === 'RESOURCE_NOT_FOUND') throw error;
          return showItem(request, reply, kind, subject, {
            error: error.message,
            status: error.status,
            form: request.body,
          });
        }
      },
    );
  }

  /** Approve and reject answer on the decision's item, whichever way they went. */
  for (const action of ['approve', 'reject'] as const) {
    app.post<{ Params: { id: string } }>(
      `${PAGE_ROOT}/decisions/:id/${action}`,
      { preHandler: app.csrfProtection },
      async (request, reply) => {
        const reviewer = signedInReviewer(request);
        const { kind, subject } = desk.getDecision(reviewer.clientId, request.params.id);
        try {
          if (action === 'approve') await desk.approve(reviewer, request.params.id);
          else await desk.reject(reviewer, request.params.id, rejectionForm(request.body).reason);
          const done = action === 'approve' ? 'approved' : 'rejected';
          return reply.redirect(
            `${PAGE_ROOT}/${pathOfKind(kind)}/${encodeURIComponent(subject)}?done=${done}`,
            303,
          );
        } catch (error) {
          if (!isWardenError(error)) throw error;
          return showItem(request, reply, kind, subject, {
            error: error.message,
            status: error.status,
            form: {},
          });
        }
      },
    );
  }
};
