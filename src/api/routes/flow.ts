/**
 * The onboarding flow area ({flow_base_url}): the token operation, flows and their instances,
 * identities, and (in onboardings.ts) onboarding records. Everything but the token operation needs
 * `Authorization: Bearer <token>`; the token operation takes client_id and client_secret in its body.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TokenRequest, TokenResponse } from '../../model/auth-token.js';
import { CreateFlowRequest, Flow, FlowInstance, FlowInstanceList } from '../../model/flow.js';
import { Identity } from '../../model/identity.js';
import { OffsetPageQuery } from '../../model/page.js';
import { StatusUpdateRequest } from '../../model/review-status.js';
import { bearerAuth, credentialsAuth } from '../auth.js';
import { FILE_RESPONSE, FileList, fileList, sendFile } from '../file-download.js';
import type { RouteContext } from '../route-context.js';
import { FileParams, FlowParams, IdParams, errorResponses } from '../route-schemas.js';
import { onboardingRoutes } from './onboardings.js';

const API = '/api/v1/client-api';
const security = [{ bearerAuth: [] }];

const tokenRoute: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', credentialsAuth(ctx));
  api.post(
    `${API}/auth/token`,
    {
      schema: {
        tags: ['Onboarding flow'],
        summary: 'Authentication token',
        body: TokenRequest,
        response: { 200: TokenResponse, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => ctx.engine.clients.issueToken({ client_id: request.clientId }, ctx.now()),
  );
};

const flowAndIdentityRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onboarding = ctx.engine.onboarding;
  const tags = ['Onboarding flow'];

  api.post(
    `${API}/flows`,
    {
      schema: {
        tags,
        security,
        summary: 'Create a flow (Warden addition)',
        body: CreateFlowRequest,
        response: { 201: Flow, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await onboarding.createFlow(request.clientId, request.body)),
  );

  api.get(
    `${API}/flows/:flow/instances`,
    {
      schema: {
        tags,
        security,
        summary: 'Get Flow Instances',
        params: FlowParams,
        querystring: OffsetPageQuery,
        response: { 200: FlowInstanceList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => onboarding.listFlowInstances(request.clientId, request.params.flow, request.query),
  );

  api.get(
    `${API}/flow-instances/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Get Flow Instance By Id',
        params: IdParams,
        response: { 200: FlowInstance, ...errorResponses(401, 404) },
      },
    },
    async (request) => onboarding.getFlowInstance(request.clientId, request.params.id),
  );

  api.get(
    `${API}/flow-instances/:id/files/:fileId`,
    {
      schema: {
        tags,
        security,
        summary: 'Get File from Flow Instance',
        params: FileParams,
        response: { ...FILE_RESPONSE, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await onboarding.getFlowInstanceFile(request.clientId, request.params.id, request.params.fileId),
      ),
  );

  const identityTags = ['Identity'];
  api.get(
    `${API}/identities/:id`,
    {
      schema: {
        tags: identityTags,
        security,
        summary: 'Identity: Get Details',
        params: IdParams,
        response: { 200: Identity, ...errorResponses(401, 404) },
      },
    },
    async (request) => onboarding.getIdentity(request.clientId, request.params.id),
  );

  api.get(
    `${API}/identities/:id/files`,
    {
      schema: {
        tags: identityTags,
        security,
        summary: 'Identity: Get Files',
        params: IdParams,
        response: { 200: FileList, ...errorResponses(401, 404) },
      },
    },
    async (request) => fileList(await onboarding.getIdentityFiles(request.clientId, request.params.id)),
  );

  api.get(
    `${API}/identities/:id/files/:fileId`,
    {
      schema: {
        tags: identityTags,
        security,
        summary: 'Identity: Get File (Warden addition)',
        params: FileParams,
        response: { ...FILE_RESPONSE, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await onboarding.getIdentityFile(request.clientId, request.params.id, request.params.fileId),
      ),
  );

  api.put(
    `${API}/identities/change-status/:id`,
    {
      schema: {
        tags: identityTags,
        security,
        summary: 'Identity: Update Status',
        params: IdParams,
        body: StatusUpdateRequest,
        response: { 200: Identity, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request) => onboarding.changeIdentityStatus(request.clientId, request.params.id, request.body),
  );
};

/** The whole flow area: the token operation, then everything behind the Bearer token. */
export const flowRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  await app.register(tokenRoute, ctx);
  await app.register(async (bearerScope) => {
    bearerScope.addHook('preValidation', bearerAuth(ctx));
    await bearerScope.register(flowAndIdentityRoutes, ctx);
    await bearerScope.register(onboardingRoutes, ctx);
  });
};
