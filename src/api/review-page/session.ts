/**
 * The page's session: the reviewer's bearer token (review/review-token.ts) in an HttpOnly,
 * SameSite=Strict cookie scoped to /review, so no secret travels in a URL and no script can read
 * it. The token already carries the reviewer and its expiry, so the server keeps no session table;
 * a disabled reviewer's cookie stops working at once, as their bearer token does.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WardenError } from '../../model/errors.js';
import type { ReviewerIdentity } from '../../review/index.js';
import type { RouteContext } from '../route-context.js';

export const SESSION_COOKIE = 'warden_review';
export const PAGE_ROOT = '/review';

const cookieOptions = {
  path: PAGE_ROOT,
  httpOnly: true,
  sameSite: 'strict',
  // Secure over HTTPS (or behind a proxy that says so with trustProxy); plain HTTP on loopback works.
  secure: 'auto',
} as const;

export function startSession(reply: FastifyReply, token: string, lifetimeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: lifetimeSeconds });
}

export function endSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions);
}

/** The reviewer of the request's session, or null when there is none or it no longer holds. */
export function sessionReviewer(request: FastifyRequest, ctx: RouteContext): ReviewerIdentity | null {
  const token = request.cookies[SESSION_COOKIE];
  if (token === undefined || token === '') return null;
  try {
    return ctx.engine.review.reviewers.verify(`Bearer ${token}`, ctx.now());
  } catch {
    return null;
  }
}

/** The reviewer the session hook (review-page.ts) found; its routes run only when there is one. */
export function signedInReviewer(request: FastifyRequest): ReviewerIdentity {
  if (request.reviewer === null) throw new WardenError('UNAUTHORIZED', 'Log in to review.');
  return request.reviewer;
}
