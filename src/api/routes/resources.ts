/**
 * Reference catalogs ({base_url}): document types and cryptocurrencies. Both are fixed tables of the
 * model; each is serialised once (the document-type catalog is ~120 KB of JSON) and that text is sent.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COIN_CATALOG, CoinCatalogResponse } from '../../model/coins.js';
import { DOCUMENT_TYPE_CATALOG, DocumentTypeCatalogResponse } from '../../model/document-types.js';
import { credentialsAuth } from '../auth.js';
import type { RouteContext } from '../route-context.js';
import { CredentialsQuery, errorResponses } from '../route-schemas.js';

const tags = ['Resources'];
const DOCUMENT_TYPES_JSON = JSON.stringify(DOCUMENT_TYPE_CATALOG);
const COINS_JSON = JSON.stringify(COIN_CATALOG);
const JSON_TYPE = 'application/json; charset=utf-8';

export const resourceRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', credentialsAuth(ctx));

  api.get(
    '/api/v1/resources/validation/document-types',
    {
      schema: {
        tags,
        summary: 'List Document types',
        querystring: CredentialsQuery,
        response: { 200: DocumentTypeCatalogResponse, ...errorResponses(400, 401) },
      },
    },
    async (_request, reply) =>
      reply
        .type(JSON_TYPE)
        .serializer(() => DOCUMENT_TYPES_JSON)
        .send(DOCUMENT_TYPE_CATALOG),
  );

  api.get(
    '/api/v1/resources/validation/coins',
    {
      schema: {
        tags,
        summary: 'List Cryptocurrencies',
        querystring: CredentialsQuery,
        response: { 200: CoinCatalogResponse, ...errorResponses(400, 401) },
      },
    },
    async (_request, reply) =>
      reply
        .type(JSON_TYPE)
        .serializer(() => COINS_JSON)
        .send(COIN_CATALOG),
  );
};
