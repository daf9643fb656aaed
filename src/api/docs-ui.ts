/**
 * GET /docs: Swagger UI (@fastify/swagger-ui, which ships swagger-ui-dist's files and serves them
 * from this server under /docs/static/), rendering the same document as /openapi.json. Nothing is
 * loaded from another origin: the page, its scripts, styles and the document are all local, the
 * online validator badge is off, and the Content-Security-Policy forbids any other source.
 */
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * Only this server's scripts and stylesheets apply (Swagger UI sets its inline styles through the
 * DOM, which style-src does not govern); images may also be data: URIs, as its stylesheet's icons are;
 * requests ("Try it out") go to this server only. test/e2e/docs-page.test.ts finds no violation.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function registerDocsUi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_CSP,
    theme: { title: 'Warden API' },
    uiConfig: {
      // Without the top bar: no box to load another document, no third-party logo.
      layout: 'BaseLayout',
      // No request to the public validator.swagger.io: this document is validated by the tests.
      validatorUrl: null,
      docExpansion: 'list',
      displayOperationId: true,
      defaultModelsExpandDepth: 0,
      // Secrets typed into "Authorize" stay in the page, never in localStorage.
      persistAuthorization: false,
    },
  });
}
