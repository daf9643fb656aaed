/**
 * Bearer tokens of the flow API (spec: Authentication; DESIGN §5 "Bearer tokens are signed and expire").
 *
 * Format: a JWT (RFC 7519) with HS256 only — `base64url(header).base64url(claims).base64url(sig)`,
 * header exactly `{"alg":"HS256","typ":"JWT"}`, claims `{sub: client_id, iat, exp, jti}` with
 * iat/exp in seconds (JWT NumericDate), sig = HMAC-SHA256(server key, "<header>.<claims>").
 * A standard shape lets clients decode the expiry with any JWT library; accepting one fixed header
 * byte-for-byte rules out the `alg: none` and algorithm-confusion attacks of general JWT parsers.
 * The signature is checked before the claims are parsed, so unauthenticated JSON is never read.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { WardenError } from '../model/errors.js';

export const TOKEN_ERRORS = {
  missing: 'The Authorization header with a Bearer token is missing.',
  malformed:
    'The Authorization header must be "Bearer <access_token>" with a token from POST /api/v1/client-api/auth/token.',
  badSignature: 'The bearer token signature is invalid.',
  expired: 'The bearer token has expired; request a new one from POST /api/v1/client-api/auth/token.',
  unknownClient: 'The bearer token belongs to a client that no longer exists.',
} as const;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;
// An HMAC-SHA256 is 32 bytes: 43 base64url characters, no padding.
const SIGNATURE_CHARS = 43;

// Strict: a token carrying other claims (a reviewer's, review-token.ts) is not a client's token,
// though both are signed with the same key.
export const TokenClaims = z.strictObject({
  sub: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(1),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

function sign(key: Uint8Array, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

/** Serialises and signs claims. */
export function signBearerToken(key: Uint8Array, claims: TokenClaims | Record<string, unknown>): string {
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signingInput}.${sign(key, signingInput).toString('base64url')}`;
}

const unauthorized = (sentence: string) => new WardenError('UNAUTHORIZED', sentence);

/**
 * Reads an Authorization header value and returns the token's claims, or throws UNAUTHORIZED with
 * a sentence naming what is wrong (missing, malformed, bad signature, expired).
 *
 * @example readBearerToken('Bearer eyJhbGciOi…', key, now).sub // → "cl_0123456789abcdef"
 */
export function readBearerToken<S extends z.ZodType<{ exp: number }> = typeof TokenClaims>(
  header: string | undefined,
  key: Uint8Array,
  nowMs: number,
  schema: S = TokenClaims as unknown as S,
): z.output<S> {
  if (header === undefined || header.trim() === '') throw unauthorized(TOKEN_ERRORS.missing);
  // RFC 7235: the scheme is case-insensitive; one or more spaces separate it from the token.
  const match = /^\s*bearer +(\S+)\s*$/i.exec(header);
  const parts = match?.[1]?.split('.') ?? [];
  if (parts.length !== 3) throw unauthorized(TOKEN_ERRORS.malformed);
  const [head, body, signature] = parts as [string, string, string];
  if (head !== HEADER || !BASE64URL.test(body) || !BASE64URL.test(signature)) {
    throw unauthorized(TOKEN_ERRORS.malformed);
  }
  if (signature.length !== SIGNATURE_CHARS) throw unauthorized(TOKEN_ERRORS.badSignature);
  // Compared as text, not decoded bytes: the 43rd character carries 2 spare bits, so decoding would
  // accept four spellings of one signature.
  const expected = Buffer.from(sign(key, `${head}.${body}`).toString('base64url'));
  if (!timingSafeEqual(Buffer.from(signature), expected)) {
    throw unauthorized(TOKEN_ERRORS.badSignature);
  }
  let claims: z.output<S>;
  try {
    claims = schema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    // Reachable with a token of the other kind (client vs reviewer), or a key that signed something
    // else than our claims: either way it is no token of this kind.
    throw unauthorized(TOKEN_ERRORS.malformed);
  }
  if (Math.floor(nowMs / 1000) >= claims.exp) throw unauthorized(TOKEN_ERRORS.expired);
  return claims;
}
