/**
 * The OpenAPI document, generated — never written by hand — from the zod schemas the routes validate
 * with (@fastify/swagger collects the routes; fastify-type-provider-zod turns each schema into JSON
 * Schema, request side as input and response side as output types). GET /openapi.json serves it and
 * GET /docs renders it in a self-contained page.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOCS_PAGE } from './docs-page.js';

export const OPENAPI_TAGS = [
  { name: 'Transaction screening', description: 'Submit and follow transactions; register participants' },
  { name: 'Screening', description: 'Wallets, individuals, organizations, summaries' },
  { name: 'Blacklist', description: "The client's own blacklist and its settings" },
  { name: 'Resources', description: 'Document-type and cryptocurrency catalogs' },
  { name: 'Onboarding flow', description: 'Token, flows and flow instances ({flow_base_url})' },
  { name: 'Identity', description: 'Identity verifications of onboardings' },
  { name: 'Onboarding', description: 'Onboarding records, files, search and status' },
  { name: 'Service', description: 'Health and documentation' },
];

/** Registers the collector; must come before the routes it documents. */
export function registerOpenApi(app: FastifyInstance, version: string): void {
  void app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Warden screening API',
        description:
          'AML/CTF screening, transaction screening and onboarding flows. Screening and transaction operations take client_id and client_secret in the JSON body (POST, PATCH) or the query (GET, DELETE); flow operations take a Bearer token from POST /api/v1/client-api/auth/token. Every error is {success:false, error, error_code, details}.',
        version,
      },
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Warden signed token' },
        },
      },
    },
    transform: jsonSchemaTransform,
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
