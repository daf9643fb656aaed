/**
 * Schemas of the HTTP edge itself — path parameters, the error answers of each route, the health
 * check — as opposed to the spec's resources, which come from src/model. They feed both validation
 * and the generated OpenAPI document.
 */
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../model/api-error.js';
import { ClientCredentials } from '../model/credentials.js';
import { ListVersion } from '../model/list-version.js';
import { RequiredText } from '../model/scalars.js';
import { nameSchema } from '../model/schema-names.js';

export const IdParams = z.object({ id: RequiredText.describe('Record identifier') });
export const FileParams = IdParams.extend({
  fileId: RequiredText.describe('File identifier (sha256 of its bytes)'),
});
export const FlowParams = z.object({ flow: RequiredText.describe('Flow identifier') });

/** GET and DELETE operations of the screening area carry nothing in the query but the credentials. */
export const CredentialsQuery = ClientCredentials;

const ERROR_MEANING: Readonly<Record<number, string>> = {
  400: 'The request is invalid (VALIDATION_ERROR, INVALID_JSON, INVALID_NETWORK_ASSET, INVALID_ADDRESS)',
  401: 'Credentials missing or invalid (UNAUTHORIZED)',
  403: 'The reviewer may not do this (FORBIDDEN): an analyst approving, or a reviewer approving their own decision',
  404: 'No such record for this client (RESOURCE_NOT_FOUND)',
  409: 'The request conflicts with the record (DUPLICATE_TRANSACTION, INVALID_STATE_TRANSITION, CONFLICT)',
  413: 'Body over the limit (PAYLOAD_TOO_LARGE)',
  415: 'Body is not application/json (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many requests (RATE_LIMITED): over the rate limit, or too many failed authentications from this address; see Retry-After',
  500: 'The server failed unexpectedly (INTERNAL_ERROR, STORE_ERROR); the error is logged, not returned',
  503: 'No watchlist is loaded, so nothing could be screened (LISTS_NOT_LOADED); retry once lists are imported',
};

/** One documented error answer: what the status means, with the spec's envelope as its body. */
export interface DocumentedError {
  readonly description: string;
  readonly content: { readonly 'application/json': { readonly schema: typeof ErrorEnvelopeSchema } };
}

/**
 * The `response` entries of a route's error statuses, each the spec's envelope (one shared component)
 * with the meaning of its status as the response's description.
 */
export function errorResponses(...statuses: number[]): Record<number, DocumentedError> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_MEANING[status] ?? 'Error',
        content: { 'application/json': { schema: ErrorEnvelopeSchema } },
      },
    ]),
  );
}

export const HealthResponse = z.object({
  status: z.literal('ok'),
  lists: z.array(ListVersion).describe('The list versions screening runs against now, one per list'),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
nameSchema(HealthResponse, 'HealthResponse');
