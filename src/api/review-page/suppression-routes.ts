/** The page's suppressions: every decided false positive of the client, and revoking one (approvers). */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isWardenError } from '../../model/errors.js';
import { SuppressionListQuery } from '../../model/suppression.js';
import { parseOrThrow } from '../../model/errors.js';
import type { RouteContext } from '../route-context.js';
import { PAGE_ROOT, signedInReviewer } from './session.js';
import { render } from './views.js';

export const suppressionRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const desk = ctx.engine.review.desk;

  async function show(
    request: FastifyRequest,
    reply: Parameters<typeof render>[0],
    error: string | null,
    status = 200,
  ) {
    const reviewer = signedInReviewer(request);
    const query = parseOrThrow(SuppressionListQuery, { limit: 100, ...(request.query as object) });
    const suppressions = await desk.listSuppressions(reviewer.clientId, query);
    const frame = { reviewer, csrf: reply.generateCsrf(), now: ctx.now(), error };
    return render(reply, 'suppressions', frame, { suppressions, status: query.status ?? null }, status);
  }

  app.get(`${PAGE_ROOT}/suppressions`, (request, reply) => show(request, reply, null));

  app.post<{ Params: { id: string } }>(
    `${PAGE_ROOT}/suppressions/:id/revoke`,
    { preHandler: app.csrfProtection },
    async (request, reply) => {
      try {
        await desk.revokeSuppression(signedInReviewer(request), request.params.id);
        return reply.redirect(`${PAGE_ROOT}/suppressions`, 303);
      } catch (error) {
        if (!isWardenError(error)) throw error;
        return show(request, reply, error.message, error.status);
      }
    },
  );
};
