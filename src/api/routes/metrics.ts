/**
 * GET /metrics: Prometheus text of the app's registry (HTTP and `warden_…` metrics) after the
 * process's default metrics. No authentication, like most exporters: the labels hold list names and
 * closed vocabularies, never a client id or a record; serve it on loopback or keep it from the
 * outside at the proxy, or turn it off (`metrics: false`, `warden serve --no-metrics`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { processMetricsRegistry } from '../../metrics/process-metrics.js';

export function metricsRoutes(registry: Registry, processMetrics: boolean): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/metrics',
      {
        schema: {
          tags: ['Service'],
          summary: 'Get Metrics',
          description:
            'Prometheus text format: http_request… and warden_… metrics of this server, and the process metrics. No authentication; warden serve --no-metrics turns it off.',
          response: {
            200: {
              description: 'http_request… and warden_… metrics, and the process metrics',
              content: { [registry.contentType]: { schema: z.string() } },
            },
          },
        },
      },
      async (_request, reply) => {
        // Merged per scrape (cheap: it only lists the metric objects), so metrics added to either
        // registry later are served too; a name in both fails loudly instead of being served twice.
        const merged = processMetrics ? Registry.merge([processMetricsRegistry(), registry]) : registry;
        return reply.type(registry.contentType).send(await merged.metrics());
      },
    );
  };
}
