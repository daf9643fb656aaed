/**
 * `/review`: the review workspace's pages (issue #30), server-rendered HTML with no script at all —
 * forms post, the server redirects. Registered in a context of its own: the form body parser, the
 * cookies, the CSRF check, the security headers and the HTML error pages apply here only, and the
 * JSON API keeps its envelope. The CSRF secret lives in a cookie and each form carries its token.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isWardenError } from '../../model/errors.js';
import type { RouteContext } from '../route-context.js';
import { deskRoutes } from './desk-routes.js';
import { loginRoutes } from './login-routes.js';
import { PAGE_ROOT, endSession, sessionReviewer } from './session.js';
import { suppressionRoutes } from './suppression-routes.js';
import { render } from './views.js';

const STYLESHEET = readFileSync(fileURLToPath(new URL('../../../views/review/review.css', import.meta.url)));

/** No script, no frame, no foreign origin: list data shown here cannot run or send anything. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

function errorPage(ctx: RouteContext) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const frame = { reviewer: request.reviewer ?? null, csrf: '', now: ctx.now() };
    if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
      const message =
        'The form had expired or did not come from this page. Go back, reload it and try again.';
      return render(reply, 'error', frame, { message }, 403);
    }
    if (isWardenError(error)) return render(reply, 'error', frame, { message: error.message }, error.status);
    request.log.error({ err: error }, 'review page failed');
    return render(reply, 'error', frame, { message: 'Something went wrong on our side; try again.' }, 500);
  };
}

/** Pages after login: a request without a valid session goes to the login form. */
const signedInPages: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.addHook('preHandler', async (request, reply) => {
    const reviewer = sessionReviewer(request, ctx);
    if (reviewer === null) {
      endSession(reply);
      return reply.redirect(`${PAGE_ROOT}/login`, 303);
    }
    request.reviewer = reviewer;
    request.clientId = reviewer.clientId;
  });
  await app.register(deskRoutes, ctx);
  await app.register(suppressionRoutes, ctx);
};

export const reviewPage: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  // Pages, not API operations: they stay out of the OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyCsrf, {
    cookieKey: 'warden_review_csrf',
    cookieOpts: { path: PAGE_ROOT, httpOnly: true, sameSite: 'strict', secure: 'auto' },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
  app.setErrorHandler(errorPage(ctx));

  app.get(`${PAGE_ROOT}/assets/review.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'max-age=3600').send(STYLESHEET),
  );
  await app.register(loginRoutes, ctx);
  await app.register(signedInPages, ctx);
};
