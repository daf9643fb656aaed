/**
 * The API's one error translator (STYLE §5): whatever went wrong becomes the spec's envelope
 * `{ success: false, error, error_code, details }` with the status of its code.
 *
 * | failure                                         | status | error_code             |
 * |-------------------------------------------------|--------|------------------------|
 * | WardenError from the core or a request schema   | its own| its own                |
 * | screening with no watchlist loaded              | 503    | LISTS_NOT_LOADED       |
 * | body is not JSON / empty JSON body              | 400    | INVALID_JSON           |
 * | unreadable request (bad URL, Content-Length)    | 400    | VALIDATION_ERROR       |
 * | body over the route's limit                     | 413    | PAYLOAD_TOO_LARGE      |
 * | Content-Type other than application/json        | 415    | UNSUPPORTED_MEDIA_TYPE |
 * | no route at the path                            | 404    | ROUTE_NOT_FOUND        |
 * | path served, method not                         | 405    | METHOD_NOT_ALLOWED     |
 * | anything else (a bug)                           | 500    | INTERNAL_ERROR         |
 *
 * A 500 answers a generic sentence: the error itself (message, stack) goes to the log only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, WardenError, isWardenError, type ErrorEnvelope } from '../model/errors.js';
import { quoteInput } from '../model/quote-input.js';
import { pathOf, type RoutePatterns } from './route-patterns.js';

export interface ErrorResponse {
  readonly status: number;
  readonly envelope: ErrorEnvelope;
}

const INTERNAL_SENTENCE = 'The server could not complete the request because of an unexpected error.';
const MAX_ECHO = 120;

/** User-supplied text echoed in a message is cut short, so an error body stays a sentence. */
function echo(text: string): string {
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text;
}

function fastifyFault(error: FastifyError, request: FastifyRequest): WardenError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new WardenError(
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than the ${request.routeOptions.bodyLimit ?? 'allowed'} bytes this operation accepts.`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new WardenError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Content-Type ${quoteInput(request.headers['content-type'] ?? '')} is not supported; send application/json.`,
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new WardenError(
        'VALIDATION_ERROR',
        'The Content-Length header does not match the request body.',
      );
    case 'FST_ERR_BAD_URL':
      return new WardenError('VALIDATION_ERROR', 'The request URL is not correctly percent-encoded.');
    default:
      return null;
  }
}

/**
 * The status and envelope for any thrown value.
 *
 * @example errorResponse(new WardenError('RESOURCE_NOT_FOUND', 'No transaction has …')) // { status: 404, … }
 */
export function errorResponse(error: unknown, request: FastifyRequest): ErrorResponse {
  if (isWardenError(error)) return { status: error.status, envelope: error.toEnvelope() };
  const fault = fastifyFault(error as FastifyError, request);
  if (fault !== null) return { status: fault.status, envelope: fault.toEnvelope() };
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    // A fault of the request that fastify found and we have no sentence for: say so, generically.
    const unreadable = new WardenError('VALIDATION_ERROR', 'The request could not be read.');
    return { status: 400, envelope: unreadable.toEnvelope() };
  }
  return {
    status: ERROR_STATUS.INTERNAL_ERROR,
    envelope: { success: false, error: INTERNAL_SENTENCE, error_code: 'INTERNAL_ERROR', details: '' },
  };
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, envelope } = errorResponse(error, request);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(status).type('application/json; charset=utf-8').send(envelope);
}

/** For fastify's `frameworkErrors` option: faults found before routing (a malformed URL). */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(error, request, reply);
}

/** Installs the translator as the error handler and answers unmatched requests with 404 or 405. */
export function installErrorHandling(app: FastifyInstance, routes: RoutePatterns): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    const allowed = routes.methodsAt(path);
    if (allowed.length === 0) {
      return sendError(
        new WardenError('ROUTE_NOT_FOUND', `No operation is served at ${echo(path)}.`, {
          details: 'See /openapi.json for the operations of this server.',
        }),
        request,
        reply,
      );
    }
    reply.header('allow', allowed.join(', '));
    return sendError(
      new WardenError(
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed on ${echo(path)}; use ${allowed.join(' or ')}.`,
      ),
      request,
      reply,
    );
  });
}
