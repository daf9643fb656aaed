/**
 * Transaction screening ({base_url}): submit, list / check status, register remitters and
 * beneficiaries. Credentials travel in the body (POST) or the query (GET).
 *
 * These are the hot operations, so each request is parsed once: the route's validator parses it
 * with the model's schema, and the engine's validated door (`ctx.validated`) takes that output
 * instead of parsing it again. The list/status answer reuses the JSON of reports already sent
 * (page-json.ts).
 */
import type { FastifyPluginAsync, FastifySerializerCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RegisteredEntity, RegistrationRequest } from '../../model/registration.js';
import {
  ListTransactionsQuery,
  SubmitTransactionRequest,
  TransactionList,
  TransactionReport,
} from '../../model/transaction.js';
import { credentialsAuth } from '../auth.js';
import type { RouteContext } from '../route-context.js';
import { errorResponses } from '../route-schemas.js';
import { PageJson } from '../page-json.js';

const tags = ['Transaction screening'];

/** The 200 answer (a page of reports) through `pages`; the error envelopes as everywhere else. */
function pageSerializer(pages: PageJson): FastifySerializerCompiler<unknown> {
  return ({ httpStatus }) =>
    httpStatus === '200' ? (page) => pages.stringify(page as object) : (data) => JSON.stringify(data);
}

export const transactionRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preValidation', credentialsAuth(ctx));
  const pages = new PageJson();

  api.post(
    '/api/v1/verification/send',
    {
      schema: {
        tags,
        summary: 'Submit Transaction',
        description:
          'Registers the transaction, screens both participants (and the wallet) and decides its state.',
        body: SubmitTransactionRequest,
        response: { 201: TransactionReport, ...errorResponses(400, 401, 409, 413, 415, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await ctx.validated(request.clientId).submitTransaction(request.body)),
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
      serializerCompiler: pageSerializer(pages),
    },
    // Synchronous (the list is read from memory): fastify sends the value returned, with no
    // promise and no extra tick per request.
    (request) => ctx.validated(request.clientId).getTransactions(request.query),
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
          response: { 201: RegisteredEntity, ...errorResponses(400, 401, 413, 415, 503) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await ctx.validated(request.clientId)[register](request.body)),
    );
  }
};
