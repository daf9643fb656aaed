/**
 * An API over a real in-memory engine, with a settable clock and two clients (A and B), for
 * fastify.inject() suites. Requests are built with the clients' real credentials.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../src/api/index.js';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/types.js';
import type { ErrorEnvelope } from '../../src/model/errors.js';
import { Flow } from '../../src/model/flow.js';
import { OnboardingRecord } from '../../src/model/onboarding.js';
import { aCreateOnboardingRequest } from '../support/factories.js';
import { houseList } from '../support/house-list.js';

export const START = Date.parse('2026-05-01T10:00:30.000Z');

export interface TestClient {
  readonly client_id: string;
  /** `{ client_id, client_secret }`, for the body of POST and PATCH. */
  readonly credentials: { readonly client_id: string; readonly client_secret: string };
  /** `client_id=…&client_secret=…`, for the query of GET and DELETE. */
  readonly query: string;
}

export interface ApiHarness {
  readonly engine: Engine;
  readonly app: FastifyInstance;
  readonly a: TestClient;
  readonly b: TestClient;
  now(): number;
  advance(ms: number): void;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A Bearer Authorization header for a client, from the token operation. */
  bearer(client: TestClient): Promise<{ authorization: string }>;
  /** Creates a reviewer of the client and logs it in: its Bearer Authorization header. */
  reviewerToken(
    client: TestClient,
    name: string,
    role: 'analyst' | 'approver',
  ): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

async function aClient(engine: Engine, name: string, now: number): Promise<TestClient> {
  const { client_id, client_secret } = await engine.clients.createClient({ name, now });
  return {
    client_id,
    credentials: { client_id, client_secret },
    query: new URLSearchParams({ client_id, client_secret }).toString(),
  };
}

/** `withoutLists`: an engine with no watchlist, for the LISTS_NOT_LOADED answers. */
export async function anApiHarness(
  options: AppOptions = {},
  { withoutLists = false }: { withoutLists?: boolean } = {},
): Promise<ApiHarness> {
  let clock = START;
  const now = () => clock;
  const lists = withoutLists ? [] : [houseList()];
  const engine = await createEngine({ db: ':memory:', lists }, { now });
  const a = await aClient(engine, 'Remesas Andinas', clock);
  const b = await aClient(engine, 'Other Fintech', clock);
  const app = buildApp(engine, { now, ...options });
  await app.ready();
  return {
    engine,
    app,
    a,
    b,
    now,
    advance: (ms) => {
      clock += ms;
    },
    inject: (request) => app.inject(request),
    async bearer(client) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/client-api/auth/token',
        payload: client.credentials,
      });
      return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
    },
    async reviewerToken(client, name, role) {
      const { password } = await engine.review.reviewers.create({
        clientId: client.client_id,
        name,
        role,
        now: clock,
      });
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/review/auth/token',
        payload: { client_id: client.client_id, name, password },
      });
      if (response.statusCode !== 200) throw new Error(`reviewer login failed: ${response.body}`);
      return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
    },
    async close() {
      await app.close();
      await engine.close();
    },
  };
}

/** The spec's error envelope of a response, after checking its status. */
export function envelopeOf(response: LightMyRequestResponse): ErrorEnvelope {
  return response.json<ErrorEnvelope>();
}

/** A flow and one onboarding in it, created over HTTP with the given Bearer header. */
export async function anOnboarding(
  h: ApiHarness,
  auth: { authorization: string },
): Promise<{ flow: Flow; onboarding: OnboardingRecord }> {
  const flow = await h.inject({
    method: 'POST',
    url: '/api/v1/client-api/flows',
    headers: auth,
    payload: { name: 'Personal accounts' },
  });
  const created = Flow.parse(flow.json());
  const onboarding = await h.inject({
    method: 'POST',
    url: '/api/v1/client-api/onboardings',
    headers: auth,
    payload: aCreateOnboardingRequest({ flow: created._id }),
  });
  return { flow: created, onboarding: OnboardingRecord.parse(onboarding.json()) };
}
