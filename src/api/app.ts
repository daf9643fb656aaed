/**
 * The HTTP adapter: a fastify app that speaks the spec's interface and delegates every operation to
 * an `Engine`. Routes are validate → call → shape; this file only wires the shared machinery
 * (error translator, auth per area, rate limits, OpenAPI, logs) around the route modules.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { Engine } from '../engine/types.js';
import { instrumentEngine } from '../metrics/index.js';
import { frameworkErrorHandler, installErrorHandling } from './errors.js';
import { HttpMetrics } from './http-metrics.js';
import { installJsonBodyParser } from './json-body.js';
import { registerDocsRoutes, registerOpenApi } from './openapi.js';
import { RateLimiter, SPEC_RATE_LIMITS, limitRoutes, type RateLimitTable } from './rate-limit.js';
import { RequestLogController, loggerOptions, type LogOptions } from './request-log.js';
import { createRouteContext } from './route-context.js';
import { RoutePatterns } from './route-patterns.js';
import { blacklistRoutes } from './routes/blacklist.js';
import { flowRoutes } from './routes/flow.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { probeRoutes } from './routes/probes.js';
import { resourceRoutes } from './routes/resources.js';
import { reviewPage } from './review-page/index.js';
import { reviewRoutes } from './routes/review.js';
import { screeningRoutes } from './routes/screening.js';
import { transactionRoutes } from './routes/transactions.js';
import { jsonSerializerCompiler, zodValidatorCompiler } from './validation.js';

/** {base_url} (screening and transactions) and {flow_base_url} (onboarding flow). */
export type Area = 'screening' | 'flow';
export const AREAS: readonly Area[] = ['screening', 'flow'];

/**
 * Bodies of this API are JSON records, not files: the spec serves onboarding files but has no upload
 * operation, and the largest request (a summary of 100 entities, an onboarding with its parties) is
 * tens of kilobytes. 1 MiB leaves ample room and bounds what one request can make the server parse.
 */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface MetricsOptions {
  /** Where the app's metrics go; default a new registry of this app (never prom-client's global one). */
  readonly registry?: Registry;
  /** Serve the process's default metrics too (CPU, memory, event loop, GC); default true. */
  readonly processMetrics?: boolean;
}

export interface AppOptions {
  /** Which areas this app serves; default both, on one server. */
  readonly areas?: readonly Area[];
  /** Epoch milliseconds, for token lifetimes and rate-limit windows; default Date.now. */
  readonly now?: () => number;
  /** Largest accepted request body in bytes; default 1 MiB. */
  readonly bodyLimit?: number;
  /** Route → per-client windows; default the spec's limits on GET /api/v1/verification/get. */
  readonly rateLimits?: RateLimitTable;
  /** Request logging: off by default; true logs JSON lines to stdout at "info". */
  readonly log?: LogOptions | boolean;
  /** Trust X-Forwarded-* from a reverse proxy (for request.ip in logs). Default false. */
  readonly trustProxy?: boolean;
  /** The `info.version` of the OpenAPI document. */
  readonly version?: string;
  /** GET /metrics and the metrics behind it: default on; false serves and counts nothing. */
  readonly metrics?: MetricsOptions | boolean;
  /** GET /readyz answers 503 while an active list is older than this; default none (any age). */
  readonly maxListAgeMs?: number;
}

/**
 * Builds the app; nothing listens until `listen` (see startServer) and routes load on `ready`/`inject`.
 *
 * @example const app = buildApp(engine, { areas: ['flow'] }); await app.listen({ port: 8081 });
 */
export function buildApp(engine: Engine, options: AppOptions = {}): FastifyInstance {
  const now = options.now ?? Date.now;
  const areas = new Set(options.areas ?? AREAS);
  const maxListAgeMs = options.maxListAgeMs ?? null;
  if (maxListAgeMs !== null && !(maxListAgeMs > 0))
    throw new RangeError(`maxListAgeMs must be a positive number of milliseconds, not ${maxListAgeMs}.`);
  const metricsOptions =
    options.metrics === false ? null : options.metrics === true ? {} : (options.metrics ?? {});
  const registry = metricsOptions === null ? null : (metricsOptions.registry ?? new Registry());
  const httpMetrics = registry === null ? null : new HttpMetrics(registry);
  const requestLog =
    options.log !== undefined && options.log !== false ? new RequestLogController() : undefined;
  const app = Fastify({
    logger: loggerOptions(options.log),
    // With logging off, fastify's own controller skips the per-request work altogether.
    logController: requestLog ?? new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    frameworkErrors: frameworkErrorHandler,
    // "/api/v1/verification/get/" is the same operation; clients and proxies add the slash.
    routerOptions: { ignoreTrailingSlash: true },
    // Keep-alive connections with no request in flight are closed at shutdown instead of holding it open.
    forceCloseConnections: 'idle',
  });
  requestLog?.attach(app.log);
  app.decorateRequest('clientId', '');
  app.decorateRequest('reviewer', null);
  // JSON only: without this, a text/plain body would reach the auth hook as a string (401 instead of 415).
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);

  const routes = new RoutePatterns();
  const limiter = new RateLimiter(options.rateLimits ?? SPEC_RATE_LIMITS, now);
  app.addHook('onRoute', (route) => {
    routes.add(route);
    limitRoutes(route, limiter);
    httpMetrics?.instrument(route);
  });
  if (httpMetrics !== null) app.addHook('onResponse', httpMetrics.unmatched);
  installErrorHandling(app, routes);
  if (registry !== null) {
    const detach = instrumentEngine(engine, registry, { now });
    app.addHook('onClose', (_app, done) => {
      detach();
      done();
    });
  }

  registerOpenApi(app, options.version ?? 'v1');
  const ctx = createRouteContext(engine, now);
  // The zod compilers are set inside this plugin, so they apply to exactly the routes that use zod.
  void app.register(async (api) => {
    api.setValidatorCompiler(zodValidatorCompiler);
    api.setSerializerCompiler(jsonSerializerCompiler);
    await api.register(healthRoutes, ctx);
    await api.register(probeRoutes(maxListAgeMs), ctx);
    if (registry !== null)
      await api.register(metricsRoutes(registry, metricsOptions?.processMetrics ?? true));
    if (areas.has('screening')) {
      await api.register(transactionRoutes, ctx);
      await api.register(resourceRoutes, ctx);
      await api.register(screeningRoutes, ctx);
      await api.register(blacklistRoutes, ctx);
    }
    if (areas.has('flow')) await api.register(flowRoutes, ctx);
    // The review desk serves people of a client, not its systems: on every server, in either area.
    await api.register(reviewRoutes, ctx);
  });
  void app.register(async (docs) => registerDocsRoutes(docs));
  void app.register(reviewPage, ctx);
  return app;
}
