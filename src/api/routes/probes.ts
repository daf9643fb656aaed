/**
 * GET /livez and GET /readyz, the probes of an orchestrator (Kubernetes, a load balancer).
 * /livez answers 200 whenever the process serves at all: restart me only if this fails. /readyz
 * answers 503 while screening could not do its job — no list loaded, or, with a maximum list age,
 * a list older than it — so traffic goes elsewhere until a list import makes it ready again. Both
 * skip authentication and the rate limits (no area's hooks apply to them).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assessReadiness } from '../../engine/readiness.js';
import { Readiness } from '../../model/readiness.js';
import type { RouteContext } from '../route-context.js';

const Liveness = z.object({ status: z.literal('ok') });

/** `maxListAgeMs`: null (the default) checks no age. */
export function probeRoutes(maxListAgeMs: number | null): FastifyPluginAsync<RouteContext> {
  return async (app, ctx) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/livez',
      {
        schema: {
          tags: ['Service'],
          summary: 'Liveness: the process serves',
          response: { 200: Liveness },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
    routes.get(
      '/readyz',
      {
        schema: {
          tags: ['Service'],
          summary: 'Readiness: a list is loaded (and none is older than --max-list-age, when given)',
          response: {
            200: Readiness.describe('Ready: screening runs against the lists named'),
            503: Readiness.describe('Not ready: the reasons say why (NO_LIST_LOADED, LIST_TOO_OLD)'),
          },
        },
      },
      async (_request, reply) => {
        const readiness = assessReadiness(ctx.engine.activeLists(), ctx.now(), maxListAgeMs);
        return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
      },
    );
  };
}
