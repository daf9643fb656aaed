/**
 * Transaction screening ({base_url}): submit, list / check status, register remitters and
 * beneficiaries. Credentials travel in the body (POST) or the query (GET).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RegisteredEntity, RegistrationRequest } from '../../model/registration.js';
import {
  ListTransactionsQuery,
  SubmitTransactionRequest,
  TransactionList,
  TransactionReport,
} from '../../model/transaction.js';
import { credentialsAuth, withoutCredentials } from '../auth.js';
import type { RouteContext } from '../route-context.js';
import { errorResponses } from '../route-schemas.js';

const tags = ['Transaction screening'];

export const transactionRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', credentialsAuth(ctx.engine));

  api.post(
    '/api/v1/verification/send',
    {
      schema: {
        tags,
        summary: 'Submit Transaction',
        description:
          'Registers the transaction, screens both participants (and the wallet) and decides its state.',
        body: SubmitTransactionRequest,
        response: { 201: TransactionReport, ...errorResponses(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await ctx.operations(request.clientId).submitTransaction(withoutCredentials(request.body))),
  );

  api.get(
    '/api/v1/verification/get',
    {
      schema: {
        tags,
        summary: 'List Transactions (check status)',
        description:
          'Latest transactions first, or the one named by external_transaction_id. Limited to 200/minute, 2,000/hour, 20,000/day per client.',
        querystring: ListTransactionsQuery,
        response: { 200: TransactionList, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ctx.operations(request.clientId).getTransactions(withoutCredentials(request.query)),
  );

  for (const [path, summary, register] of [
    ['/api/v1/verification/create-remitter', 'Register remitter', 'registerRemitter'],
    ['/api/v1/verification/create-beneficiary', 'Register Beneficiary', 'registerBeneficiary'],
  ] as const) {
    api.post(
      path,
      {
        schema: {
          tags,
          summary,
          body: RegistrationRequest,
          response: { 201: RegisteredEntity, ...errorResponses(400, 401, 413, 415) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await ctx.operations(request.clientId)[register](withoutCredentials(request.body))),
    );
  }
};
