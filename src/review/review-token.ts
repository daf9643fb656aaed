/**
 * Reviewer bearer tokens: the client tokens' JWT (clients/bearer-token.ts), signed with the same
 * server key, with claims of their own. The `aud` claim and the strict claim schemas on both sides
 * keep the two kinds apart: a client token is refused here and a reviewer token on client routes.
 */
import { z } from 'zod';
import { readBearerToken, signBearerToken } from '../clients/bearer-token.js';
import { ReviewerRole } from '../model/reviewer.js';

export const REVIEW_AUDIENCE = 'warden-review';

export const ReviewTokenClaims = z.strictObject({
  aud: z.literal(REVIEW_AUDIENCE),
  sub: z.string().min(1).describe('client_id'),
  name: z.string().min(1),
  role: ReviewerRole,
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(1),
});
export type ReviewTokenClaims = z.infer<typeof ReviewTokenClaims>;

export function signReviewToken(key: Uint8Array, claims: ReviewTokenClaims): string {
  return signBearerToken(key, claims);
}

/** The claims of a valid, unexpired reviewer token, or UNAUTHORIZED naming the fault. */
export function readReviewToken(
  header: string | undefined,
  key: Uint8Array,
  nowMs: number,
): ReviewTokenClaims {
  return readBearerToken(header, key, nowMs, ReviewTokenClaims);
}
