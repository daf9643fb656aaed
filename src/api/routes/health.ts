/** GET /healthz: liveness plus the list versions screening runs against, for operators and probes. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContext } from '../route-context.js';
import { HealthResponse } from '../route-schemas.js';

export const healthRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      schema: {
        tags: ['Service'],
        summary: 'Health and active list versions',
        response: { 200: HealthResponse },
      },
    },
    async () => ({ status: 'ok' as const, lists: [...ctx.engine.activeLists().versions] }),
  );
};
