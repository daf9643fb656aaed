/**
 * The OpenAPI document, generated — never written by hand — from the zod schemas the routes validate
 * with: @fastify/swagger collects the routes, openapi-operation.ts completes each operation (id,
 * security, shared errors) and fastify-type-provider-zod turns its schemas into JSON Schema, request
 * side as input and response side as output types. Schemas with an id in src/model become
 * `components.schemas` (openapi-components.ts). GET /openapi.json serves the document and GET /docs
 * renders it in a self-contained page.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOCS_PAGE } from './docs-page.js';
import { tidyComponents } from './openapi-components.js';
import { createOperationTransform } from './openapi-operation.js';
import { SECURITY_SCHEMES } from './operation-security.js';

export const OPENAPI_TAGS = [
  { name: 'Transaction screening', description: 'Submit and follow transactions; register participants' },
  { name: 'Screening', description: 'Wallets, individuals, organizations, summaries' },
  { name: 'Blacklist', description: "The client's own blacklist and its settings" },
  { name: 'Resources', description: 'Document-type and cryptocurrency catalogs' },
  { name: 'Onboarding flow', description: 'Token, flows and flow instances ({flow_base_url})' },
  { name: 'Identity', description: 'Identity verifications of onboardings' },
  { name: 'Onboarding', description: 'Onboarding records, files, search and status' },
  {
    name: 'Review',
    description:
      "The review workspace: a client's reviewers decide and approve stopped items (reviewer token)",
  },
  { name: 'Service', description: 'Health and operations' },
];

const DESCRIPTION = `AML/CTF screening, transaction screening and onboarding flows.

Authentication:
- Screening and transaction operations take the client's \`client_id\` and \`client_secret\`: in the JSON body of POST and PATCH operations, in the query of GET and DELETE operations (security schemes clientIdQuery + clientSecretQuery). OpenAPI has no security scheme for body fields, so those operations list no security and their body schema requires both fields.
- Onboarding flow operations take \`Authorization: Bearer <token>\` with a token from POST /api/v1/client-api/auth/token (bearerAuth).
- The review API takes a reviewer's token from POST /api/v1/review/auth/token (reviewerBearerAuth).

Every error answers \`{success: false, error, error_code, details}\` (ErrorEnvelope) with the status of its error_code.`;

/** Registers the collector; must come before the routes it documents. */
export function registerOpenApi(app: FastifyInstance, version: string): void {
  void app.register(fastifySwagger, {
    openapi: {
      // 3.1, whose schemas are JSON Schema 2020-12 as zod writes them: 3.0 cannot say "this named
      // shape or null" (no `nullable` beside a `$ref`), which every optional component field needs.
      openapi: '3.1.0',
      info: {
        title: 'Warden screening API',
        description: DESCRIPTION,
        version,
      },
      // Relative: the document describes the server that serves it, whichever address that has.
      servers: [{ url: '/', description: 'This server' }],
      tags: OPENAPI_TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: createOperationTransform(),
    transformObject: (document) => tidyComponents(jsonSchemaTransformObject(document)),
  });
}

/** GET /openapi.json and GET /docs (both left out of the document they serve). */
export function registerDocsRoutes(app: FastifyInstance): void {
  let document: string | undefined;
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    // Built on first request, after every route is known; the routes never change afterwards.
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_CSP).send(DOCS_PAGE),
  );
}

// The page runs only its own inline script and fetches only from this server.
const DOCS_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'";
