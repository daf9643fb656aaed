/**
 * How each documented operation authenticates, in OpenAPI's terms (the rules themselves are auth.ts's):
 *
 * - client_id and client_secret in the query (GET and DELETE of the screening area): two apiKey
 *   schemes, both required;
 * - client_id and client_secret in the JSON body (POST, PUT and PATCH of the screening area, and the
 *   token operation): OpenAPI has no security scheme for body fields, so the body schema requires both,
 *   the description says so, and `security` is empty;
 * - a Bearer token, which the route declares: a client's (flow area) or a reviewer's (review API).
 *
 * Whether an operation takes credentials is read from its input schema, in the place auth.ts reads
 * them: the body of POST, PUT and PATCH, the query otherwise.
 */
import type { FastifySchema } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';

export const SECURITY_SCHEMES = {
  clientIdQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'client_id',
    description:
      'Client identifier issued by Warden. Sent in the query by GET and DELETE operations of the screening area; POST and PATCH operations send it in the JSON body instead.',
  },
  clientSecretQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'client_secret',
    description:
      'Client secret issued with client_id. Sent in the query by GET and DELETE operations of the screening area; POST and PATCH operations send it in the JSON body instead.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'Warden signed token',
    description:
      'Client token of the onboarding flow area, from POST /api/v1/client-api/auth/token; it expires after expires_in seconds.',
  },
  reviewerBearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'Warden signed token',
    description:
      'Reviewer token of the review API, from POST /api/v1/review/auth/token; client credentials and client tokens are refused there, and a reviewer token is refused everywhere else.',
  },
} as const satisfies Record<string, OpenAPIV3.SecuritySchemeObject>;

export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;
type SecurityRequirement = Partial<Record<SecuritySchemeName, readonly string[]>>;

const QUERY_CREDENTIALS: readonly SecurityRequirement[] = [{ clientIdQuery: [], clientSecretQuery: [] }];
const BODY_CREDENTIALS_NOTE =
  'Authentication: client_id and client_secret in the JSON body (OpenAPI has no security scheme for body fields).';
const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** True when every shape the schema accepts requires both credential fields. */
function requiresCredentials(schema: unknown): boolean {
  if (schema instanceof z.ZodObject) return 'client_id' in schema.shape && 'client_secret' in schema.shape;
  if (schema instanceof z.ZodUnion) return (schema.options as unknown[]).every(requiresCredentials);
  if (schema instanceof z.ZodPipe) return requiresCredentials(schema.in);
  return false;
}

/** Where the operation takes client credentials, if it does. */
function credentialsPlace(method: string, schema: FastifySchema): 'body' | 'query' | null {
  const place = BODY_METHODS.has(method) ? 'body' : 'query';
  const input = place === 'body' ? schema.body : schema.querystring;
  return requiresCredentials(input) ? place : null;
}

export interface OperationSecurity {
  /** Empty for a public operation and for one that authenticates by body fields. */
  readonly security: readonly SecurityRequirement[];
  /** The operation's description, with the body-credentials note when that is how it authenticates. */
  readonly description: string | undefined;
  /** Whether a request can be refused for its credentials or token (401). */
  readonly authenticated: boolean;
  /** Whether failed credentials are throttled (429, failed-auth-throttle.ts). */
  readonly throttled: boolean;
}

/** The `security` of one operation and what it implies. */
export function operationSecurity(method: string, schema: FastifySchema): OperationSecurity {
  const place = credentialsPlace(method, schema);
  if (place === 'body') {
    const description = [schema.description, BODY_CREDENTIALS_NOTE].filter(Boolean).join('\n\n');
    return { security: [], description, authenticated: true, throttled: true };
  }
  if (place === 'query') {
    return {
      security: QUERY_CREDENTIALS,
      description: schema.description,
      authenticated: true,
      throttled: true,
    };
  }
  const declared = (schema.security ?? []) as readonly SecurityRequirement[];
  return {
    security: declared,
    description: schema.description,
    authenticated: declared.length > 0,
    throttled: false,
  };
}
