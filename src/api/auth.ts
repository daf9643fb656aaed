/**
 * The two authentication schemes of the spec, as preValidation hooks (they run after the body is
 * parsed and before it is validated, so a request without credentials is a 401, not a 400):
 *
 * - screening and transaction area: client_id and client_secret in the JSON body of POST/PUT/PATCH,
 *   in the query of GET/DELETE (spec: "Sent in the JSON body for POST operations and as query
 *   parameters for GET operations"); the other place is not read, so a secret never has to travel
 *   in a URL of a write.
 * - flow area: `Authorization: Bearer <token>` from the token operation.
 *
 * Either way the hook sets `request.clientId`; routes hand the engine bodies without the credentials
 * (the transaction routes hand their parsed bodies to the engine's validated door, which replaces
 * the credentials before the transaction service sees the request).
 */
import type { FastifyRequest, preValidationAsyncHookHandler, preValidationHookHandler } from 'fastify';
import { isWardenError, WardenError } from '../model/errors.js';
import type { ReviewerIdentity } from '../review/index.js';
import type { RouteContext } from './route-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated client; set by the area's auth hook before validation. */
    clientId: string;
    /** The authenticated reviewer of the review API (issue #30); null elsewhere. */
    reviewer: ReviewerIdentity | null;
  }
}

const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

function field(source: unknown, name: 'client_id' | 'client_secret'): unknown {
  return typeof source === 'object' && source !== null
    ? (source as Record<string, unknown>)[name]
    : undefined;
}

function credentialSource(request: FastifyRequest): unknown {
  return BODY_METHODS.has(request.method) ? request.body : request.query;
}

/**
 * client_id + client_secret, checked by the client registry (UNAUTHORIZED when missing or wrong).
 * Credentials it accepted lately are recognised at once (verified-credentials.ts), without a promise
 * on the way; anything else waits for the registry.
 */
export function credentialsAuth(ctx: RouteContext): preValidationHookHandler {
  const { credentials, failedAuth } = ctx;
  return (request, reply, done) => {
    const source = credentialSource(request);
    const clientId = field(source, 'client_id');
    const clientSecret = field(source, 'client_secret');
    const known = credentials.recall(clientId, clientSecret);
    if (known !== undefined) {
      request.clientId = known;
      return done();
    }
    // After too many failures from this address, the secret is not even checked (failed-auth-throttle.ts).
    const wait = failedAuth.retryAfter(request.ip, clientId);
    if (wait > 0) {
      reply.header('retry-after', wait);
      return done(
        new WardenError(
          'RATE_LIMITED',
          `Too many failed authentications from this address; retry after ${wait} seconds.`,
        ),
      );
    }
    credentials.authenticate(clientId, clientSecret).then(
      (id) => {
        request.clientId = id;
        done();
      },
      (error: Error) => {
        // A guess is a secret sent for a client id: a request without credentials guesses nothing.
        const guess = typeof clientId === 'string' && typeof clientSecret === 'string';
        if (guess && isWardenError(error) && error.code === 'UNAUTHORIZED')
          failedAuth.fail(request.ip, clientId);
        done(error);
      },
    );
  };
}

/** A signed, unexpired Bearer token of an existing client (UNAUTHORIZED otherwise). */
export function bearerAuth(ctx: RouteContext): preValidationAsyncHookHandler {
  return async (request) => {
    request.clientId = ctx.tokens.verify(request.headers.authorization, ctx.now());
  };
}

/** A reviewer's Bearer token (review API): signed, unexpired, of an enabled reviewer. */
export function reviewerAuth(ctx: RouteContext): preValidationAsyncHookHandler {
  return async (request) => {
    const reviewer = ctx.engine.review.reviewers.verify(request.headers.authorization, ctx.now());
    request.reviewer = reviewer;
    request.clientId = reviewer.clientId;
  };
}

/**
 * The request without its credentials: the engine is already bound to the client, and a secret
 * that is not passed on cannot end up in a stored record or an error message.
 */
export function withoutCredentials<T extends object>(request: T): Omit<T, 'client_id' | 'client_secret'> {
  const {
    client_id: _id,
    client_secret: _secret,
    ...rest
  } = request as T & {
    client_id?: unknown;
    client_secret?: unknown;
  };
  return rest;
}
