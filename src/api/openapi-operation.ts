/**
 * The per-route step of the OpenAPI document (@fastify/swagger's `transform`). Before the zod schemas
 * become JSON Schema (fastify-type-provider-zod), it adds what every route of a kind has, so a route
 * added later is documented like the others without repeating anything:
 *
 * - an operationId (operation-id.ts), unique in the document;
 * - its security (operation-security.ts);
 * - the errors the shared machinery answers: 400 for input that fails its schema or cannot be read,
 *   413 and 415 for bodies, 401 for refused credentials or tokens, 429 for throttled failed
 *   credentials, 500 for a bug. Statuses a route declares itself (404, 409, 503…) keep its wording.
 */
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { operationIdFromPath, operationIdOf } from './operation-id.js';
import { operationSecurity, type OperationSecurity } from './operation-security.js';
import { errorResponses } from './route-schemas.js';

/** The statuses any operation of this shape can answer besides the ones its route declares. */
function impliedErrorStatuses(schema: FastifySchema, security: OperationSecurity): number[] {
  const statuses: number[] = [];
  const hasInput = [schema.body, schema.querystring, schema.params].some((part) => part !== undefined);
  if (hasInput) statuses.push(400);
  if (security.authenticated) statuses.push(401);
  if (schema.body !== undefined) statuses.push(413, 415);
  if (security.throttled) statuses.push(429);
  statuses.push(500);
  return statuses;
}

const RETRY_AFTER = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again' },
};

/**
 * Completes the responses: a 429 names its Retry-After header, and a response whose schema has no
 * description (a component reference) gets its status text as one, where @fastify/swagger would write
 * "Default Response"; it keeps only the `$ref` of such a schema.
 */
function describeResponses(responses: Record<string, Record<string, unknown>>): void {
  // A route that declares no success answer still has one; what its body is, it does not say.
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
    responses['200'] = { type: 'null', description: 'OK' };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (status === '429') response.headers = RETRY_AFTER;
    if (response.description === undefined) {
      response.description = STATUS_CODES[Number(status)] ?? 'Response';
    }
  }
}

/** Ids handed out in one app, kept per route so a rebuilt document gets the same ones. */
class OperationIds {
  readonly #byRoute = new Map<string, string>();
  readonly #taken = new Set<string>();

  claim(method: string, url: string, schema: FastifySchema): string {
    const route = `${method} ${url}`;
    let id = this.#byRoute.get(route);
    if (id === undefined) {
      id = schema.operationId ?? operationIdOf(method, url, schema.summary);
      // Two summaries that read alike: the later route falls back to its method and path, which differ.
      if (this.#taken.has(id)) id = operationIdFromPath(method, url);
      this.#byRoute.set(route, id);
      this.#taken.add(id);
    }
    return id;
  }
}

/** A fresh transform per app, since operation ids are unique per document. */
export function createOperationTransform(): SwaggerTransform {
  const ids = new OperationIds();
  return (document) => {
    const { url, route } = document;
    // A route declared without a schema is documented too, so it gets an id and its errors like the rest.
    const schema: FastifySchema = document.schema ?? {};
    if (schema.hide === true) return jsonSchemaTransform(document);
    const method = [route.method].flat()[0] ?? 'GET';
    const security = operationSecurity(method, schema);
    const documented: FastifySchema = {
      ...schema,
      operationId: ids.claim(method, url, schema),
      description: security.description,
      security: security.security,
      response: {
        ...errorResponses(...impliedErrorStatuses(schema, security)),
        ...(schema.response as object | undefined),
      },
    };
    const transformed = jsonSchemaTransform({ ...document, schema: documented });
    describeResponses(transformed.schema.response as Record<string, Record<string, unknown>>);
    return transformed;
  };
}
