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
          summary: 'Check Liveness',
          description: 'Answers 200 while the process serves. Restart the process only when this fails.',
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
          summary: 'Check Readiness',
          description:
            'Answers 200 while screening can do its job, 503 while no list is loaded or (with --max-list-age) a list is older than that; the body says why. Route traffic elsewhere while it answers 503.',
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
