/**
 * Structured request logs without secrets. Off unless asked for (tests and embedded hosts stay quiet).
 *
 * Fastify's own per-request lines carry the full URL, and a GET of the screening area has
 * client_secret in its query string. So the log controller (fastify's extension point for its
 * internal lines) writes no "incoming request" line and, on completion, one line with method, path
 * (without the query), route pattern, status, ms and client_id. Redaction of the secret fields,
 * passwords, tokens, cookies and the Authorization header stays on as a second guard for anything
 * else that logs a request, body or query.
 */
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { pathOf } from './route-patterns.js';

export interface LogOptions {
  /** pino level; default "info". */
  readonly level?: string;
  /** Where lines go; default stdout. Anything with `write(line)`. */
  readonly stream?: { write(line: string): void };
}

// Keys, at the top or one level down (pino's `*` spans one level): the client secret of the
// screening area, the webhook signing secret, reviewer passwords, bearer and session tokens.
const SECRET_KEYS = ['client_secret', 'webhook_secret', 'password', 'access_token', 'token'];
// Written as path suffixes: "set-cookie" needs pino's bracket form.
const SECRET_HEADERS = ['.authorization', '.cookie', '["set-cookie"]'];

export const REDACTED_PATHS: readonly string[] = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers${h}`, `res.headers${h}`, `headers${h}`]),
  ...SECRET_KEYS.flatMap((k) => [`req.query.${k}`, `req.body.${k}`, `query.${k}`, `body.${k}`, k, `*.${k}`]),
];

/**
 * One line per answered request: method, path, route (the pattern matched; null when none did),
 * status, ms, client_id (null before authentication).
 */
export class RequestLogController extends LogController {
  // The completion line has a fixed shape and no field that can hold a secret (the path is cut
  // before the query), so it is written by a child of the app's logger without the redaction pass,
  // which otherwise costs about two thirds of writing the line. The line is the same: the request id
  // is a field where the request's own logger has it as a binding. Every other line stays redacted.
  #lines: FastifyBaseLogger | undefined;

  /** Call once the app (and so its logger) exists. */
  attach(logger: FastifyBaseLogger): void {
    this.#lines = logger.child({}, { redact: [] });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      path: pathOf(request.url),
      route: request.is404 ? null : (request.routeOptions.url ?? null),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      client_id: request.clientId === '' ? null : request.clientId,
    };
    // A response that failed after its headers were sent is the only error left here to report.
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (this.#lines === undefined) request.log.info(line, 'request completed');
    else this.#lines.info({ reqId: request.id, ...line }, 'request completed');
  }
}

/** The `logger` option of fastify: false when logging is off. */
export function loggerOptions(log: LogOptions | boolean | undefined): FastifyServerOptions['logger'] {
  if (log === undefined || log === false) return false;
  const options = log === true ? {} : log;
  return {
    level: options.level ?? 'info',
    ...(options.stream === undefined ? {} : { stream: options.stream }),
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, path: pathOf(request.url) }),
    },
  };
}
