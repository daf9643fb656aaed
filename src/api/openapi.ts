/**
 * The OpenAPI document, generated — never written by hand — from the zod schemas the routes validate
 * with: @fastify/swagger collects the routes, openapi-operation.ts completes each operation (id,
 * security, shared errors) and fastify-type-provider-zod turns its schemas into JSON Schema, request
 * side as input and response side as output types. Schemas with an id in src/model become
 * `components.schemas` (openapi-components.ts). GET /openapi.json serves the document and GET /docs
 * renders it (docs-ui.ts).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { registerDocsUi } from './docs-ui.js';
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

/** GET /openapi.json and the /docs pages (all left out of the document they serve). */
export async function registerDocsRoutes(app: FastifyInstance): Promise<void> {
  let document: string | undefined;
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    // Built on first request, after every route is known; the routes never change afterwards.
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });
  await registerDocsUi(app);
}
