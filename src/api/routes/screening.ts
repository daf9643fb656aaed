/**
 * Screening ({base_url}): blockchain wallet analysis, individuals, organizations and the summary of up
 * to 100 entities. Paths of the last two are DESIGN §5's.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ScreeningResult } from '../../model/screening-result.js';
import {
  IndividualScreeningRequest,
  OrganizationScreeningRequest,
  SummaryScreeningRequest,
  SummaryScreeningResponse,
} from '../../model/screening.js';
import { WalletAnalysisRequest, WalletRiskAnalysis } from '../../model/wallet.js';
import { credentialsAuth, withoutCredentials } from '../auth.js';
import type { RouteContext } from '../route-context.js';
import { errorResponses } from '../route-schemas.js';

const tags = ['Screening'];
const errors = errorResponses(400, 401, 413, 415);
// Wallet analysis reads address lists and still answers without watchlists; name screening does not.
const screeningErrors = errorResponses(400, 401, 413, 415, 503);

export const screeningRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', credentialsAuth(ctx));

  api.post(
    '/api/v1/analysis-crypto/risk-wallet/send',
    {
      schema: {
        tags,
        summary: 'Blockchain Analysis',
        body: WalletAnalysisRequest,
        response: { 200: WalletRiskAnalysis, ...errors },
      },
    },
    async (request) => ctx.operations(request.clientId).analyzeWallet(withoutCredentials(request.body)),
  );

  api.post(
    '/api/v1/screening/entities/individuals',
    {
      schema: {
        tags,
        summary: 'Individuals Analysis',
        body: IndividualScreeningRequest,
        response: { 201: ScreeningResult, ...screeningErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ctx.operations(request.clientId).screenIndividual(withoutCredentials(request.body))),
  );

  api.post(
    '/api/v1/screening/entities/organizations',
    {
      schema: {
        tags,
        summary: 'Organizations Analysis',
        body: OrganizationScreeningRequest,
        response: { 201: ScreeningResult, ...screeningErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ctx.operations(request.clientId).screenOrganization(withoutCredentials(request.body))),
  );

  api.post(
    '/api/v1/screening/entities/summary',
    {
      schema: {
        tags,
        summary: 'Screening Entities Summary Analysis',
        body: SummaryScreeningRequest,
        response: { 201: SummaryScreeningResponse, ...screeningErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ctx.operations(request.clientId).screenSummary(withoutCredentials(request.body))),
  );
};
