/** The page's login and logout: a reviewer's client id, name and password, as the token route takes. */
import type { FastifyPluginAsync } from 'fastify';
import { isWardenError, WardenError } from '../../model/errors.js';
import type { RouteContext } from '../route-context.js';
import { loginForm } from './forms.js';
import { PAGE_ROOT, endSession, sessionReviewer, startSession } from './session.js';
import { render } from './views.js';

export const loginRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.get(`${PAGE_ROOT}/login`, async (request, reply) => {
    if (sessionReviewer(request, ctx) !== null) return reply.redirect(`${PAGE_ROOT}/queue`, 303);
    return render(
      reply,
      'login',
      { reviewer: null, csrf: reply.generateCsrf(), now: ctx.now() },
      { form: {} },
    );
  });

  app.post(`${PAGE_ROOT}/login`, { preHandler: app.csrfProtection }, async (request, reply) => {
    const form = request.body as Record<string, unknown> | undefined;
    try {
      const { client_id, name, password } = loginForm(form);
      const wait = ctx.failedAuth.retryAfter(request.ip, client_id);
      if (wait > 0) {
        reply.header('retry-after', wait);
        throw new WardenError('RATE_LIMITED', `Too many failed logins; try again in ${wait} seconds.`);
      }
      try {
        const token = await ctx.engine.review.reviewers.login(client_id, name, password, ctx.now());
        startSession(reply, token.access_token, token.expires_in);
        return reply.redirect(`${PAGE_ROOT}/queue`, 303);
      } catch (error) {
        if (isWardenError(error) && error.code === 'UNAUTHORIZED') ctx.failedAuth.fail(request.ip, client_id);
        throw error;
      }
    } catch (error) {
      if (!isWardenError(error)) throw error;
      const frame = { reviewer: null, csrf: reply.generateCsrf(), now: ctx.now(), error: error.message };
      // The password is never sent back into the form.
      const { client_id, name } = form ?? {};
      return render(reply, 'login', frame, { form: { client_id, name } }, error.status);
    }
  });

  app.post(`${PAGE_ROOT}/logout`, { preHandler: app.csrfProtection }, async (_request, reply) => {
    endSession(reply);
    return reply.redirect(`${PAGE_ROOT}/login`, 303);
  });
};
