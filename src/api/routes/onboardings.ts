/**
 * Onboarding records ({flow_base_url}, behind the Bearer token registered in flow.ts): create (a
 * Warden addition; records are screened on the way in), details, files, search and status changes.
 * `/onboardings/entity` and `/onboardings/entity/list` are static paths, which the router prefers to
 * `/onboardings/:id` and `/onboardings/:id/files`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateOnboardingRequest,
  OnboardingByDocumentQuery,
  OnboardingEntityQuery,
  OnboardingList,
  OnboardingRecord,
} from '../../model/onboarding.js';
import { StatusUpdateRequest } from '../../model/review-status.js';
import { FILE_RESPONSE, FileList, fileList, sendFile } from '../file-download.js';
import type { RouteContext } from '../route-context.js';
import { FileParams, IdParams, errorResponses } from '../route-schemas.js';

const API = '/api/v1/client-api/onboardings';
const tags = ['Onboarding'];
const security = [{ bearerAuth: [] }];

export const onboardingRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onboarding = ctx.engine.onboarding;

  api.post(
    API,
    {
      schema: {
        tags,
        security,
        summary: 'Create an onboarding (Warden addition)',
        description:
          'Screens the entity and its identity on the way in; the status is the automated decision.',
        body: CreateOnboardingRequest,
        response: { 201: OnboardingRecord, ...errorResponses(400, 401, 404, 413, 415, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await onboarding.createOnboarding(request.clientId, request.body)),
  );

  api.get(
    `${API}/entity`,
    {
      schema: {
        tags,
        security,
        summary: 'Onboarding: Get Entity by document number',
        querystring: OnboardingByDocumentQuery,
        response: { 200: OnboardingRecord, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => onboarding.getEntityByDocument(request.clientId, request.query),
  );

  api.get(
    `${API}/entity/list`,
    {
      schema: {
        tags,
        security,
        summary: 'Onboarding: Get Entity List by document number',
        querystring: OnboardingEntityQuery,
        response: { 200: OnboardingList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => onboarding.searchOnboardings(request.clientId, request.query),
  );

  api.get(
    `${API}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Onboarding: Get Details',
        params: IdParams,
        response: { 200: OnboardingRecord, ...errorResponses(401, 404) },
      },
    },
    async (request) => onboarding.getOnboarding(request.clientId, request.params.id),
  );

  api.get(
    `${API}/:id/files`,
    {
      schema: {
        tags,
        security,
        summary: 'Onboarding: Get Multiple Files',
        params: IdParams,
        response: { 200: FileList, ...errorResponses(401, 404) },
      },
    },
    async (request) => fileList(await onboarding.getOnboardingFiles(request.clientId, request.params.id)),
  );

  api.get(
    `${API}/:id/files/:fileId`,
    {
      schema: {
        tags,
        security,
        summary: 'Onboarding: Get File',
        params: FileParams,
        response: { ...FILE_RESPONSE, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await onboarding.getOnboardingFile(request.clientId, request.params.id, request.params.fileId),
      ),
  );

  api.put(
    `${API}/change-status/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Onboarding: Update Status',
        params: IdParams,
        body: StatusUpdateRequest,
        response: { 200: OnboardingRecord, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request) => onboarding.changeOnboardingStatus(request.clientId, request.params.id, request.body),
  );
};
