/**
 * The client's blacklist ({base_url}; paths of DESIGN §5). `/settings` is a static segment, so the
 * router prefers it to `/:id` whatever the registration order: PATCH …/blacklist/settings updates the
 * settings, and a record id "settings" would be unreachable by GET/PATCH (ids are generated with a prefix, so none is).
 * GET …/settings (reading the settings) is a Warden addition beside the spec's PATCH.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BlacklistList,
  BlacklistRecord,
  BlacklistSettings,
  CreateBlacklistRequest,
  DeleteBlacklistResponse,
  ListBlacklistQuery,
  UpdateBlacklistRequest,
  UpdateBlacklistSettingsRequest,
} from '../../model/blacklist.js';
import { credentialsAuth, withoutCredentials } from '../auth.js';
import type { RouteContext } from '../route-context.js';
import { CredentialsQuery, IdParams, errorResponses } from '../route-schemas.js';

const tags = ['Blacklist'];
const BASE = '/api/v1/screening/blacklist';

export const blacklistRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', credentialsAuth(ctx));

  api.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create BlackList',
        body: CreateBlacklistRequest,
        response: { 201: BlacklistRecord, ...errorResponses(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await ctx.operations(request.clientId).createBlacklistRecord(withoutCredentials(request.body))),
  );

  api.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Get All BlackList Records',
        querystring: ListBlacklistQuery,
        response: { 200: BlacklistList, ...errorResponses(400, 401) },
      },
    },
    async (request) => ctx.operations(request.clientId).listBlacklist(withoutCredentials(request.query)),
  );

  api.get(
    `${BASE}/settings`,
    {
      schema: {
        tags,
        summary: 'Get Blacklist Settings Account (Warden addition)',
        querystring: CredentialsQuery,
        response: { 200: BlacklistSettings, ...errorResponses(400, 401) },
      },
    },
    async (request) => ctx.operations(request.clientId).getBlacklistSettings(),
  );

  api.patch(
    `${BASE}/settings`,
    {
      schema: {
        tags,
        summary: 'Update Blacklist Settings Account',
        body: UpdateBlacklistSettingsRequest,
        response: { 200: BlacklistSettings, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) =>
      ctx.operations(request.clientId).updateBlacklistSettings(withoutCredentials(request.body)),
  );

  api.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Get Blacklist Record by ID',
        params: IdParams,
        querystring: CredentialsQuery,
        response: { 200: BlacklistRecord, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ctx.operations(request.clientId).getBlacklistRecord(request.params.id),
  );

  api.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete Blacklist Record by ID',
        params: IdParams,
        querystring: CredentialsQuery,
        response: { 200: DeleteBlacklistResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ctx.operations(request.clientId).deleteBlacklistRecord(request.params.id),
  );

  api.patch(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Update Blacklist Record by ID',
        params: IdParams,
        body: UpdateBlacklistRequest,
        response: { 200: BlacklistRecord, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) =>
      ctx
        .operations(request.clientId)
        .updateBlacklistRecord(request.params.id, withoutCredentials(request.body)),
  );
};
