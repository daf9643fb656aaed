// The HTTP adapter's public names. Re-exports only.
export { AREAS, DEFAULT_BODY_LIMIT, buildApp } from './app.js';
export type { AppOptions, Area, MetricsOptions } from './app.js';
export { errorResponse } from './errors.js';
export type { ErrorResponse } from './errors.js';
export { FileList, FileWithContent } from './file-download.js';
export { HTTP_METRIC_NAMES, UNMATCHED_ROUTE } from './http-metrics.js';
export { OPENAPI_TAGS } from './openapi.js';
export { RateLimiter, SPEC_RATE_LIMITS } from './rate-limit.js';
export type { RateDecision, RateLimitRule, RateLimitTable, RateWindow } from './rate-limit.js';
export { REDACTED_PATHS } from './request-log.js';
export type { LogOptions } from './request-log.js';
export { startServer } from './server.js';
export type { RunningServer, ServerOptions } from './server.js';
